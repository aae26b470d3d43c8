import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('POST /api/v1/analytics/events', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  const post = (body: string, contentType = 'application/json') =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: { 'content-type': contentType },
      body,
    });

  it('stores well-formed events, drops and counts the rest, from a beacon too', async () => {
    const events = [
      { category: 'Embed', action: 'Click', label: 'Share', page: '/embed/abc', gif_id: 'abc' },
      { category: 'Embed', action: 'SCROLL GRID', label: 'abc', ts: Date.now() - 1000 },
      { category: '', action: 'Click' },
      { category: 'Embed', action: 'x'.repeat(61) },
      { category: 'Embed', action: 'Click', gif_id: '../etc' },
      { category: 'Embed', action: 'Click', label: 'NUL\u0000, which PostgreSQL cannot store' },
      'not an event',
    ];
    // sendBeacon posts text/plain and no CSRF header (a framed player has no cookie to echo).
    const response = await post(JSON.stringify({ events }), 'text/plain;charset=UTF-8');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: 7, stored: 2 });
    const stored = await t.jiffy.services.siteEvents.latest('Embed');
    expect(stored.map((e) => [e.action, e.label, e.gif_id])).toEqual([
      ['SCROLL GRID', 'abc', null],
      ['Click', 'Share', 'abc'],
    ]);
  });

  it('refuses what is not a batch, and batches over 50', async () => {
    expect((await post('{"events": 1}')).statusCode).toBe(400);
    expect((await post('not json', 'text/plain')).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ category: 'Embed', action: 'Click' }));
    expect((await post(JSON.stringify({ events: many }))).statusCode).toBe(400);
  });
});
