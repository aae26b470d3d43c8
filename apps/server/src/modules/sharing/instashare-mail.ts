import type { Gif } from '@jiffy/contracts';
import { embedCode } from '@jiffy/embed/embed-code';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** Who sent the GIF, as the mail names them. */
export interface Sender {
  username: string;
  displayName: string;
}

/** One line, at most `max` characters: user text must not shape the subject or the layout. */
const oneLine = (text: string, max: number) =>
  text
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);

/** The e-mail that carries a shared GIF: its still, its page, the animation and its embed code. */
export function instashareMail(
  gif: Gif,
  to: string,
  sender: Sender,
  publicUrl: string,
): MailMessage {
  const name = oneLine(sender.displayName || sender.username, 60);
  const title = oneLine(gif.title, 100) || 'a GIF';
  const still = gif.images.original_still?.url ?? gif.images.fixed_height_still?.url;
  const animated = gif.images.original?.url;
  return {
    to,
    subject: `${name} sent you a GIF: ${title}`,
    text: [
      `${name} (@${sender.username}) shared a GIF with you on ${publicUrl}:`,
      '',
      title,
      gif.url,
      '',
      ...(still ? [`Still picture: ${still}`] : []),
      ...(animated ? [`Animated GIF: ${animated}`] : []),
      '',
      'Embed it on a web page:',
      embedCode(gif),
      '',
      `You got this e-mail because ${name} entered your address on ${publicUrl}.`,
    ].join('\n'),
  };
}
