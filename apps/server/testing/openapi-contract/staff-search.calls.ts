import { expect, vi } from 'vitest';
import { readOutbox } from '../site-client.ts';
import { asFile, type ContractHarness } from './harness.ts';

/**
 * Staff content search: a page with its count and keywords, and every match as CSV, now or
 * from a job that mails its link.
 */
export async function staffSearchCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const mod = users.mod!;
  const found = (await h.site(mod, 'GET', '/api/v1/search-service/search/?q=cat&limit=2', 200)) as {
    count: number;
    results: unknown[];
  };
  expect(found.results.length).toBeGreaterThan(0);
  await h.site(
    mod,
    'GET',
    '/api/v1/search-service/search/?status=ready,removed&has_reports=true',
    200,
  );
  await h.site(mod, 'GET', '/api/v1/search-service/search/?status=nope', 400);
  await h.site(users.ann!, 'GET', '/api/v1/search-service/search/', 403);
  const csv = await h.site(mod, 'GET', '/api/v1/search-service/csv/?q=cat', 200);
  expect(String(csv.body)).toMatch(/^id,title/);
  await h.site(mod, 'POST', '/api/v1/search-service/csv/', 200, { type: 'gif' });
  await h.site(mod, 'POST', '/api/v1/search-service/csv/', 202, { q: 'cat', email: true });

  // The job writes the file, then mails its link to the moderator who asked.
  const mail = await vi.waitFor(
    async () => {
      const outbox = await readOutbox(h.t.dataDir);
      const found = outbox.find((m) => m.to === 'mod@example.com' && /export/.test(m.subject));
      if (!found) throw new Error('no export mail yet');
      return found;
    },
    { timeout: 30_000, interval: 200 },
  );
  const link = new URL(/https?:\/\/\S+\.csv/.exec(mail.text)![0]).pathname;
  const file = asFile(await h.site(mod, 'GET', link, 200));
  expect(file.type).toBe('text/csv; charset=utf-8');
  // The same GIFs as the CSV answered at once for the same search.
  const ids = (text: unknown) =>
    String(text)
      .trim()
      .split('\n')
      .map((line) => line.split(',')[0]);
  expect(ids(file.body)).toEqual(ids(csv.body));
  expect(ids(file.body).length).toBeGreaterThan(1);
  await h.site(users.ann!, 'GET', link, 403);
  await h.site(mod, 'GET', link.replace(/[0-9a-f]{32}/, '0'.repeat(32)), 404);
}
