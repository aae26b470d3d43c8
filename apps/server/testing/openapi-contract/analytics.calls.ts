import { expect } from 'vitest';
import { SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** The creator dashboard, view counts, shares and the site's own analytics events. */
export async function analyticsCalls(h: ContractHarness): Promise<void> {
  const { gifId, siteGifId, users } = h.seed;
  const ann = users.ann!;
  const visitor = new SiteClient(h.t.jiffy.app);
  await visitor.get('/login/check'); // the CSRF cookie a visitor's page gets

  // Something to count: a share from the site, a view through the public API's pingback.
  const share = (await h.site(
    visitor,
    'POST',
    `/ajax/gif/${siteGifId}/analytic/link/`,
    201,
  )) as Data<{
    count: number;
  }>;
  expect(share.data.count).toBe(1);
  await h.site(visitor, 'POST', `/ajax/gif/${siteGifId}/analytic/pigeon/`, 400);
  const events = await h.site(visitor, 'POST', '/api/v1/analytics/events', 202, {
    events: [{ category: 'gif', action: 'view', gif_id: siteGifId }, { category: '' }],
  });
  expect(events).toEqual({ received: 2, stored: 1 });
  await h.site(visitor, 'POST', '/api/v1/analytics/events', 400, { events: 'many' });

  const me = (await h.site(ann, 'GET', '/login/check', 200)) as Data<{ user: { id: string } }>;
  const annId = me.data.user.id;
  await h.site(visitor, 'GET', `/api/v1/users/${annId}/view-count/`, 200);
  const views = (await h.site(
    visitor,
    'GET',
    `/api/v1/proxy-gif/${gifId}/view-count/`,
    200,
  )) as Data<{ view_count: number }>;
  expect(typeof views.data.view_count).toBe('number');
  await h.site(visitor, 'GET', '/api/v1/proxy-gif/nosuchgif1/view-count/', 404);

  const dashboard = (await h.site(
    ann,
    'GET',
    '/api/v1/analytics/dashboard/?username=ann&period=week',
    200,
  )) as Data<{ series: unknown[] }>;
  expect(dashboard.data.series).toHaveLength(7);
  await h.site(ann, 'GET', `/api/v1/analytics/dashboard/?username=ann&gif_id=${siteGifId}`, 200);
  await h.site(ann, 'GET', '/api/v1/analytics/dashboard/?username=ann&period=year', 400);
  await h.site(ann, 'GET', '/api/v1/analytics/dashboard/?username=mod', 403);
  const csv = await h.site(ann, 'GET', '/api/v1/analytics/dashboard/csv/?username=ann', 200);
  expect(String(csv.body)).toContain(',');
  await h.site(ann, 'GET', '/api/v1/analytics/dashboard-trending-searches/?username=ann', 200);
  await h.site(ann, 'GET', '/api/v1/analytics/dashboard-uploads/?username=ann', 200);
}
