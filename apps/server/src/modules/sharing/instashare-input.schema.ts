import { z } from 'zod';
import { gifId } from '../../platform/http/input-schemas.ts';

/**
 * `POST /ajax/instashare/`: which GIF, to whom. No free text from the sender: a message
 * field would let anyone signed in send words of their choosing to any address in the
 * instance's name.
 */
export const instashareBody = z.strictObject({
  gif_id: gifId,
  // Trimmed, then checked as an address: the document shows the check the pipe hides.
  to: z
    .string()
    .trim()
    .max(254)
    .meta({ format: 'email', examples: ['friend@example.com'] })
    .pipe(z.email('not an e-mail address')),
});
