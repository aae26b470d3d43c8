import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/**
 * The federation calls: an actor's remote followers and whether follows wait for approval
 * (its owner, and staff), and the hosts admins block. There is no remote server in this test
 * (federation.http.test.ts has one): the follower is a row as an inbox would have stored it.
 */
export async function federationCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const ann = users.ann!;
  const boss = users.boss!;
  const actor = '/api/v1/federation/actors/u-idann';
  const list = (await h.site(ann, 'GET', `${actor}/followers`, 200)) as Data<{
    followers: unknown[];
    manually_approves_followers: boolean;
  }>;
  expect(list.data).toMatchObject({ followers: [], manually_approves_followers: false });
  await h.site(users.mod!, 'GET', `${actor}/followers`, 200);
  await h.site(ann, 'GET', '/api/v1/federation/actors/u-nobody/followers', 404);
  await h.site(ann, 'PATCH', actor, 200, { manually_approves_followers: true });
  await h.site(ann, 'PATCH', actor, 400, { manually_approves_followers: 'yes' });
  await h.site(ann, 'PATCH', actor, 200, { manually_approves_followers: false });
  await h.site(ann, 'POST', `${actor}/followers/999999/approve`, 404);
  // A follow waiting for ann's approval, as an inbox would have stored it.
  const waiting = await h.t.jiffy.database.db
    .insertInto('federation_followers')
    .values({
      actor: 'u-idann',
      remote_actor: 'https://social.example/users/fan',
      remote_handle: 'fan@social.example',
      inbox: 'https://social.example/users/fan/inbox',
      shared_inbox: null,
      remote_host: 'social.example',
      follow_id: 'https://social.example/follows/1',
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.site(users.mod!, 'POST', `${actor}/followers/${waiting.id}/approve`, 200);
  await h.site(ann, 'DELETE', `${actor}/followers/${waiting.id}`, 204);
  await h.site(ann, 'DELETE', `${actor}/followers/${waiting.id}`, 404);

  await h.site(ann, 'GET', '/api/v1/federation/blocked-hosts', 403);
  await h.site(boss, 'POST', '/api/v1/federation/blocked-hosts', 201, { host: 'spam.example' });
  const hosts = (await h.site(boss, 'GET', '/api/v1/federation/blocked-hosts', 200)) as Data<{
    hosts: { host: string }[];
  }>;
  expect(hosts.data.hosts.map((row) => row.host)).toEqual(['spam.example']);
  await h.site(boss, 'DELETE', '/api/v1/federation/blocked-hosts/spam.example', 204);
  await h.site(boss, 'DELETE', '/api/v1/federation/blocked-hosts/spam.example', 404);
}
