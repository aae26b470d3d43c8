import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };
type Story = { story_id: string; slug: string };

/** The service gateway: stories, trending stories and the trending scheduler. */
export async function storiesCalls(h: ContractHarness): Promise<void> {
  const { gifId, siteGifId, tokens } = h.seed;
  const mod = h.seed.users.mod!;
  const keyed = (url: string) => `${url}${url.includes('?') ? '&' : '?'}api_key=${h.t.apiKey}`;

  const body = {
    title: 'Cats at rest',
    description: 'Two cats, asleep',
    cover_gif_id: siteGifId,
    tags: ['Cats'],
    items: [
      { gif_id: siteGifId, caption: 'One', link: 'https://example.com/one' },
      { gif_id: gifId, caption: 'Two' },
    ],
    is_published: true,
  };
  const story = ((await h.site(mod, 'POST', '/x/v1/stories', 201, body)) as Data<Story>).data;
  await h.site(mod, 'POST', '/x/v1/stories', 400, { ...body, title: '' });
  await h.site(mod, 'PUT', `/x/v1/stories/${story.story_id}`, 200, { ...body, title: 'Cats' });
  // Reads: a public api_key, a token or a session.
  const page = (await h.call({ url: keyed('/x/v1/stories?limit=1') }, 200)) as Data<Story[]> & {
    next_cursor: string | null;
  };
  expect(page.data.map((s) => s.story_id)).toEqual([story.story_id]);
  await h.call({ url: keyed('/x/v1/stories?gif_hydration_method=COVER_ONLY') }, 200);
  await h.call({ url: '/x/v1/stories' }, 401);
  await h.withToken(tokens.ann!, 'GET', '/x/v1/stories/partnerArtist?limit=5', 200);
  await h.call({ url: keyed(`/x/v1/stories/${story.story_id}`) }, 200);
  await h.call({ url: keyed(`/x/v1/stories/slug/${story.slug}`) }, 200);
  await h.call({ url: keyed('/x/v1/stories/slug/no-such-story') }, 404);

  await h.site(mod, 'POST', '/x/v1/stories/trending', 201, {
    trending_story: { story_id: story.story_id },
  });
  const trending = (await h.call({ url: keyed('/x/v1/stories/trending') }, 200)) as Data<unknown[]>;
  expect(trending.data).toHaveLength(1);
  await h.site(mod, 'DELETE', `/x/v1/stories/trending/${story.story_id}`, 204);
  // The other spelling: the story named in the query (or the body) rather than the path.
  await h.site(mod, 'POST', '/x/v1/stories/trending', 201, {
    trending_story: { story_id: story.story_id },
  });
  await h.site(mod, 'DELETE', `/x/v1/stories/trending?story_id=${story.story_id}`, 204);
  await h.site(mod, 'DELETE', '/x/v1/stories/trending', 400);
  await h.site(mod, 'DELETE', `/x/v1/stories/${story.story_id}`, 204);

  // The trending scheduler (staff).
  const boss = tokens.boss!;
  const start = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = (await h.withToken(boss, 'POST', '/x/v1/schedule', 201, {
    gifs: [{ gif_id: gifId, trending_datetime: start, window_minutes: 60 }],
  })) as Data<{ id: string }[]>;
  await h.withToken(boss, 'POST', '/x/v1/schedule', 400, {
    gifs: [{ gif_id: gifId, trending_datetime: '2030-01-01T00:00:00' }],
  });
  await h.withToken(tokens.ann!, 'GET', '/x/v1/schedule', 403);
  const listed = (await h.withToken(boss, 'GET', '/x/v1/schedule?limit=5', 200)) as Data<unknown[]>;
  expect(listed.data).toHaveLength(1);
  await h.withToken(boss, 'DELETE', `/x/v1/schedule/${scheduled.data[0]!.id}`, 204);
  await h.withToken(boss, 'GET', '/x/v1/activity', 200);
}
