import sharp from 'sharp';
import { expect } from 'vitest';
import { SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** Owners' and staff's edits, the metadata calls, language tags and tag suggestions. */
export async function editingCalls(h: ContractHarness): Promise<void> {
  const { gifId, siteGifId, users } = h.seed;
  const ann = users.ann!;
  const visitor = new SiteClient(h.t.jiffy.app);

  const edited = (await h.site(ann, 'POST', '/ajax/gif/update', 200, {
    gif_id: siteGifId,
    key: 'title',
    value: 'A very sleepy cat',
  })) as Data<{ title: string; changed: boolean }>;
  expect(edited.data).toMatchObject({ title: 'A very sleepy cat', changed: true });
  await h.site(ann, 'POST', '/ajax/gif/update', 200, {
    gif_id: siteGifId,
    key: 'is_sticker',
    value: false,
  });
  await h.site(ann, 'POST', '/ajax/gif/update', 400, { gif_id: siteGifId, key: 'colour' });
  await h.site(ann, 'POST', '/ajax/gif/update', 403, { gif_id: gifId, key: 'title', value: 'x' });

  await h.site(visitor, 'GET', `/ajax/gif/${siteGifId}/tag-counts`, 200);
  const metadata = (await h.site(
    visitor,
    'GET',
    `/ajax/gifs/metadata?gif_ids=${siteGifId},${gifId}`,
    200,
  )) as Data<unknown[]>;
  expect(metadata.data).toHaveLength(2);
  await h.site(visitor, 'GET', '/ajax/gifs/metadata?gif_ids=', 400);
  await h.site(ann, 'GET', `/ajax/gifs/extended-metadata?gif_ids=${siteGifId}`, 200);
  // Staff see every GIF's, with who did what in its moderation history.
  await h.site(users.boss!, 'GET', `/ajax/gifs/extended-metadata?gif_ids=${gifId}`, 200);
  await h.site(visitor, 'GET', `/ajax/gifs/trending?gif_ids=${siteGifId},${gifId}`, 200);
  const mine = (await h.site(ann, 'GET', '/api/v1/users/me/gifs?limit=1', 200)) as Data<
    { id: string }[]
  >;
  expect(mine.data.map((g) => g.id)).toEqual([siteGifId]);
  await h.site(visitor, 'GET', '/api/v1/users/me/gifs', 401);

  const languages = (await h.site(visitor, 'GET', '/ajax/languages', 200)) as Data<
    { code: string }[]
  >;
  expect(languages.data.map((language) => language.code)).toContain('es');
  await h.site(ann, 'POST', `/ajax/gif/${siteGifId}/language-tags`, 200, {
    lang: 'es',
    tags: ['gato', 'dormido'],
  });
  await h.site(ann, 'POST', `/ajax/gif/${siteGifId}/language-tags`, 400, { lang: 'es', tags: [] });
  await h.site(visitor, 'GET', `/ajax/gif/bulk/language-tags?lang=es&gif_ids=${siteGifId}`, 200);
  const translations = (await h.site(
    visitor,
    'GET',
    `/ajax/gif/${siteGifId}/tag-translations`,
    200,
  )) as Data<{ translations: Record<string, string[]> }>;
  expect([...translations.data.translations.es!].sort()).toEqual(['dormido', 'gato']);
  await h.site(ann, 'DELETE', `/ajax/gif/${siteGifId}/language-tags?lang=es&tag=gato`, 200);

  // Tag suggestions for a frame the GIF maker drew (a data URL from a canvas).
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const frame = `data:image/png;base64,${png.toString('base64')}`;
  const predicted = (await h.site(ann, 'POST', '/ajax/tags/prediction/', 200, {
    frames: [frame],
  })) as Data<{ tags: unknown[]; library_size: number }>;
  expect(predicted.data.library_size).toBeGreaterThanOrEqual(0);
  await h.site(ann, 'POST', '/ajax/tags/prediction/', 400, { frames: [] });
  await h.site(visitor, 'POST', '/ajax/tags/prediction/', 401, { frames: [frame] });

  // The search page's related searches, for anyone.
  await h.site(visitor, 'GET', '/ajax/tags/related/gif/cat/?limit=5', 200);
  await h.site(visitor, 'GET', '/ajax/tags/related/video/cat/', 400);
  // What a search that found nothing offers instead.
  await h.site(visitor, 'GET', '/ajax/search-suggestions/gif/cta/', 200);
  await h.site(visitor, 'GET', '/ajax/search-suggestions/video/cat/', 400);

  // The home page's first page of data, which the site asks for once its first GIFs are painted.
  const home = await h.t.jiffy.app.inject({ url: '/', headers: { accept: 'text/html' } });
  const view = /<meta name="jiffy-first-page" content="(\w+)">/.exec(home.body)?.[1];
  await h.site(visitor, 'GET', `/ajax/first-page/${view}`, 200);
  await h.site(visitor, 'GET', `/ajax/first-page/${'0'.repeat(24)}`, 404);
  await h.site(visitor, 'GET', '/ajax/first-page/not-a-view', 400);
}
