import { expect } from 'vitest';
import { readOutbox, SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** Instashare: a signed-in user e-mails a GIF; the mail is in the outbox. */
export async function sharingCalls(h: ContractHarness): Promise<void> {
  const { siteGifId, users } = h.seed;
  const ann = users.ann!;
  const to = 'friend@example.net';
  const sent = (await h.site(ann, 'POST', '/ajax/instashare/', 201, {
    gif_id: siteGifId,
    to: ` ${to} `,
  })) as Data<object>;
  expect(sent.data).toEqual({ gif_id: siteGifId, to, status: 'sent' });
  const mails = (await readOutbox(h.t.dataDir)).filter((m) => m.to === to);
  expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('sent you a GIF')]);

  await h.site(ann, 'POST', '/ajax/instashare/', 400, { gif_id: siteGifId, to: 'not an address' });
  await h.site(ann, 'POST', '/ajax/instashare/', 404, { gif_id: 'nosuchgif1', to });
  const visitor = new SiteClient(h.t.jiffy.app);
  await visitor.get('/login/check'); // the CSRF cookie a visitor's page gets
  await h.site(visitor, 'POST', '/ajax/instashare/', 401, { gif_id: siteGifId, to });
}
