import { expect } from 'vitest';
import { SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };
type Channel = { id: number; path: string };

/** Channels, their GIFs, ranked and magic tags, and the jobs that follow a change. */
export async function channelsCalls(h: ContractHarness): Promise<void> {
  const ann = h.seed.users.ann!;
  const visitor = new SiteClient(h.t.jiffy.app);
  const { siteGifId } = h.seed;

  const root = ((await h.site(visitor, 'GET', '/api/v4/channels/?slug=ann', 200)) as Data<Channel>)
    .data;
  const made = (await h.site(ann, 'POST', '/api/v4/channels/', 201, {
    display_name: 'Sleepy cats',
    description: 'Cats asleep',
    featured_gif: siteGifId,
  })) as Data<Channel>;
  const cats = made.data;
  expect(cats.path).toBe('ann/sleepy-cats');
  await h.site(ann, 'POST', '/api/v4/channels/', 400, { display_name: '' });
  const other = (
    (await h.site(ann, 'POST', '/api/v4/channels/', 201, {
      display_name: 'Dogs',
      parent: root.id,
    })) as Data<Channel>
  ).data;
  await h.site(visitor, 'GET', `/api/v4/channels/${cats.id}`, 200);
  await h.site(visitor, 'GET', '/api/v4/channels/999999', 404);
  await h.site(visitor, 'GET', `/api/v4/channels/?slug=${cats.path}`, 200);
  await h.site(ann, 'PATCH', `/api/v4/channels/${cats.id}/`, 200, { description: 'Zzz' });
  await h.site(ann, 'PATCH', `/api/v4/channels/${cats.id}/`, 400, {});
  await h.site(ann, 'POST', `/api/v4/channels/${other.id}/move/`, 200, {
    position: 'before',
    target_channel: cats.id,
  });
  const children = (await h.site(
    visitor,
    'GET',
    `/api/v4/channels/${root.id}/children/`,
    200,
  )) as Data<Channel[]>;
  expect(children.data.map((c) => c.id)).toEqual([other.id, cats.id]);
  await h.site(visitor, 'GET', '/api/v4/channels/children/', 400);
  await h.site(visitor, 'GET', '/api/v4/channels/children', 400);

  // GIFs in a channel.
  const added = (await h.site(ann, 'POST', '/api/v4/channel-gifs/', 200, {
    channel: cats.id,
    gif: [siteGifId],
  })) as Data<{ added: string[] }>;
  expect(added.data.added).toEqual([siteGifId]);
  await h.site(ann, 'POST', '/api/v4/channel-gifs/', 400, { channel: cats.id, gif: [] });
  const feed = (await h.site(
    visitor,
    'GET',
    `/api/v4/channels/${cats.id}/feed/?limit=1`,
    200,
  )) as Data<{ id: string }[]>;
  expect(feed.data.map((g) => g.id)).toEqual([siteGifId]);
  await h.site(visitor, 'GET', `/api/v4/channels/${cats.id}/feed/?cursor=nope`, 400);
  const of = (await h.site(visitor, 'GET', `/api/v4/channel-gifs/?gif=${siteGifId}`, 200)) as Data<
    { channels: Channel[] }[]
  >;
  expect(of.data[0]!.channels.map((c) => c.id)).toContain(cats.id);

  // Ranked tags (the tabs) and magic tags (GIFs join by their tags), and the job that follows.
  await h.site(ann, 'POST', '/api/v4/channel-ranked-tags/', 201, { channel: cats.id, tag: 'cat' });
  const two = (await h.site(ann, 'POST', '/api/v4/channel-ranked-tags/', 201, {
    channel: cats.id,
    tag: 'Sleepy',
  })) as Data<{ id: number; rank: number }[]>;
  const sleepy = two.data[1]!;
  await h.site(ann, 'PATCH', `/api/v4/channel-ranked-tags/${sleepy.id}/`, 200, { rank: 1 });
  await h.site(ann, 'PATCH', `/api/v4/channel-ranked-tags/${sleepy.id}/`, 400, { rank: 0 });
  await h.site(ann, 'DELETE', `/api/v4/channel-ranked-tags/${sleepy.id}/`, 200);
  const magic = (await h.site(ann, 'POST', '/api/v4/channel-magic-tags/', 201, {
    channel: cats.id,
    tag: 'sleepy',
  })) as { data: { id: number }; flush_uuid: string };
  for (const url of ['/api/v4/channels/retrieve-job/', '/api/v4/channels/retrieve-job'])
    await h.site(ann, 'GET', `${url}?job=${magic.flush_uuid}`, 200);
  await h.site(ann, 'DELETE', `/api/v4/channel-magic-tags/${magic.data.id}/`, 200);

  await h.site(ann, 'POST', '/api/v4/channel-gifs/remove/', 200, {
    channel: cats.id,
    gif: siteGifId,
  });
  await h.site(visitor, 'DELETE', `/api/v4/channels/${other.id}/`, 401);
  const deleted = (await h.site(ann, 'DELETE', `/api/v4/channels/${other.id}/`, 200)) as Data<{
    deleted_channels: number[];
  }>;
  expect(deleted.data.deleted_channels).toEqual([other.id]);
}
