import { expect } from 'vitest';
import { multipart } from '../fixtures.ts';
import { SiteClient } from '../site-client.ts';
import { asFile, type ContractHarness } from './harness.ts';

/** The magic a file of each answered type starts with. */
const isMp4 = (bytes: Buffer) => bytes.subarray(4, 8).toString('latin1') === 'ftyp';
const isGif = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'GIF8';

/**
 * `/imaging/trim`: a span of a GIF fetched from `clipUrl` (a script, with a personal token), or
 * of the same GIF uploaded from the site; the answer is the clip itself.
 */
export async function imagingCalls(h: ContractHarness, clipUrl: string, clip: Buffer) {
  const { tokens, users } = h.seed;
  const ann = users.ann!;
  const span = `media_url=${encodeURIComponent(clipUrl)}&start=0&duration=1`;
  const mp4 = asFile(await h.withToken(tokens.ann!, 'GET', `/imaging/trim?${span}`, 200));
  expect(mp4.type).toBe('video/mp4');
  expect(isMp4(mp4.bytes)).toBe(true);
  const gif = asFile(
    await h.withToken(tokens.ann!, 'GET', `/imaging/trim?${span}&format=gif`, 200),
  );
  expect(gif.type).toBe('image/gif');
  expect(isGif(gif.bytes)).toBe(true);

  const form = (fields: Record<string, string>) =>
    multipart(fields, { name: 'clip.gif', bytes: clip, type: 'image/gif' });
  const posted = asFile(
    await h.siteForm(ann, 'POST', '/imaging/trim', 200, form({ start: '0.1', duration: '0.2' })),
  );
  expect(posted.type).toBe('video/mp4');
  expect(isMp4(posted.bytes)).toBe(true);
  const postedGif = asFile(
    await h.siteForm(
      ann,
      'POST',
      '/imaging/trim',
      200,
      form({ start: '0', format: 'gif', duration: '1' }),
    ),
  );
  expect(isGif(postedGif.bytes)).toBe(true);

  // Refusals: in the site's error envelope.
  await h.siteForm(ann, 'POST', '/imaging/trim', 400, form({ start: '0', duration: '20' }));
  const both = form({ media_url: clipUrl, start: '0', duration: '1' });
  await h.siteForm(ann, 'POST', '/imaging/trim', 400, both);
  await h.site(ann, 'GET', '/imaging/trim?start=0&duration=1', 400);
  await h.site(new SiteClient(h.t.jiffy.app), 'GET', `/imaging/trim?${span}`, 401);
}
