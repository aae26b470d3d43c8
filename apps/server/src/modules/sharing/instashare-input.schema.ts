import { z } from 'zod';
import { emailAddress, gifId } from '../../platform/http/input-schemas.ts';

/**
 * `POST /ajax/instashare/`: which GIF, to whom. No free text from the sender: a message
 * field would let anyone signed in send words of their choosing to any address in the
 * instance's name.
 */
export const instashareBody = z.strictObject({
  gif_id: gifId,
  to: emailAddress,
});
