import { expect } from 'vitest';
import { SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** Profiles, the team, the artists directory and the studios page's features. */
export async function profilesCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const ann = users.ann!;
  const boss = users.boss!;
  const visitor = new SiteClient(h.t.jiffy.app);

  const me = (await h.site(ann, 'GET', '/login/check', 200)) as Data<{ user: { id: string } }>;
  const annId = me.data.user.id;
  const seen = (await h.site(visitor, 'GET', `/api/v1/users/${annId}/`, 200)) as Data<object>;
  expect(seen.data).not.toHaveProperty('email');
  const own = (await h.site(ann, 'GET', `/api/v1/users/${annId}/`, 200)) as Data<object>;
  expect(own.data).toHaveProperty('email');
  await h.site(visitor, 'GET', '/api/v1/users/nosuchuser1/', 404);
  const team = (await h.site(visitor, 'GET', '/api/v1/team/', 200)) as Data<unknown[]>;
  expect(team.data.length).toBeGreaterThan(0);
  await h.site(visitor, 'GET', '/api/v1/team/?page=2', 400);
  await h.site(visitor, 'GET', '/api/v4/artists/?sort=username&order=asc', 200);
  await h.site(visitor, 'GET', '/api/v4/artists/?sort=age', 400);

  const root = (await h.site(visitor, 'GET', '/api/v4/channels/?slug=ann', 200)) as Data<{
    id: number;
  }>;
  const featured = (await h.site(boss, 'POST', '/api/v1/studios/', 201, {
    channel: root.data.id,
  })) as Data<{ feature_id: number }>;
  await h.site(ann, 'POST', '/api/v1/studios/', 403, { channel: root.data.id });
  const studios = (await h.site(visitor, 'GET', '/api/v1/studios/', 200)) as Data<{
    channels: unknown[];
  }>;
  expect(studios.data.channels).toHaveLength(1);
  await h.site(boss, 'DELETE', `/api/v1/studios/${featured.data.feature_id}/`, 204);
}
