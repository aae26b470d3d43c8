import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** Creator applications: a user applies, a moderator reviews. */
export async function accountsCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const ann = users.ann!;
  const mod = users.mod!;
  const application = {
    message: 'I make cat GIFs every week.',
    portfolio_url: 'https://example.com/ann',
  };
  const filed = (await h.site(
    ann,
    'POST',
    '/api/v3/creator-applications',
    201,
    application,
  )) as Data<{
    id: string;
  }>;
  await h.site(ann, 'POST', '/api/v3/creator-applications', 400, application);
  const mine = (await h.site(ann, 'GET', '/api/v3/creator-applications/mine', 200)) as Data<{
    id: string;
    status: string;
  }>;
  expect(mine.data).toMatchObject({ id: filed.data.id, status: 'pending' });
  expect(await h.site(mod, 'GET', '/api/v3/creator-applications/mine', 200)).toEqual({
    data: null,
  });
  await h.site(mod, 'POST', '/api/v3/creator-applications', 400, { message: 'short' });
  await h.site(ann, 'GET', '/api/v3/creator-applications', 403);
  const pending = (await h.site(mod, 'GET', '/api/v3/creator-applications', 200)) as Data<
    { id: string }[]
  >;
  expect(pending.data.map((a) => a.id)).toEqual([filed.data.id]);
  // Rejected, so ann stays a plain user for every other area's calls.
  const url = `/api/v3/creator-applications/${filed.data.id}/reject`;
  await h.site(mod, 'POST', url, 200);
  await h.site(mod, 'POST', url, 404);
}
