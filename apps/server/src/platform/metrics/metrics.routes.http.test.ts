import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../../modules/gifs/gif.presenter.ts';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { labelSetsOf, sampleOf } from '../../../testing/prometheus-text.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const TOKEN = 'metrics-token-0123456789';

const upload = async (t: TestJiffy, width: number) => {
  const bytes = await animatedImage({ width, height: 30, frames: 3 });
  const response = await t.jiffy.app.inject({
    method: 'POST',
    url: '/v1/gifs',
    ...multipart({ api_key: t.apiKey, title: 'metrics' }, { name: 'm.gif', bytes }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: string } }>().data.id;
};

describe('/metrics after traffic', () => {
  let t: TestJiffy;
  /** The GIF the job test uploads, which the later tests list and ping back. */
  let id = '';
  beforeAll(async () => {
    t = await startTestJiffy();
  }, 60_000);
  afterAll(() => t.stop());

  const scrape = async () => {
    const response = await t.jiffy.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const requests = (text: string, labels: Record<string, string>) =>
    sampleOf(text, 'jiffy_http_request_duration_seconds_count', labels) ?? 0;
  const cache = (text: string, name: string, result: string) =>
    sampleOf(text, 'jiffy_cache_lookups_total', { cache: name, result }) ?? 0;

  it('counts requests by route pattern and status, never by URL', async () => {
    const before = await scrape();
    const trending = { method: 'GET', route: '/v1/gifs/trending', status_code: '200' };
    const byId = { method: 'GET', route: '/v1/gifs/:id', status_code: '404' };
    for (let i = 0; i < 3; i++) {
      const response = await t.jiffy.app.inject(`/v1/gifs/trending?api_key=${t.apiKey}&i=${i}`);
      expect(response.statusCode).toBe(200);
    }
    expect((await t.jiffy.app.inject(`/v1/gifs/nosuch1?api_key=${t.apiKey}`)).statusCode).toBe(404);
    await t.jiffy.app.inject('/not/a/route/at/all-7f3a');
    const after = await scrape();

    expect(requests(after, trending) - requests(before, trending)).toBe(3);
    expect(requests(after, byId) - requests(before, byId)).toBe(1);
    expect(sampleOf(after, 'jiffy_http_request_duration_seconds_sum', trending)).toBeGreaterThan(0);
    // Buckets are cumulative: the +Inf bucket holds every request.
    expect(
      sampleOf(after, 'jiffy_http_request_duration_seconds_bucket', { ...trending, le: '+Inf' }),
    ).toBe(requests(after, trending));
    const routes = labelSetsOf(after, 'jiffy_http_request_duration_seconds_count').map(
      (labels) => labels.route!,
    );
    // Patterns only: no id, query, key or unrouted path became a label.
    expect(routes).not.toContain('/v1/gifs/nosuch1');
    expect(routes.some((route) => /\?|api_key|nosuch1|7f3a/.test(route))).toBe(false);
    expect(routes).toContain('(no route)');
  });

  it('shows how long each job kind took once an upload is processed', async () => {
    const before = await scrape();
    const done = (text: string, kind: string) =>
      sampleOf(text, 'jiffy_job_duration_seconds_count', { kind, outcome: 'done' }) ?? 0;
    id = await upload(t, 46);
    expect(await t.waitForGif(id, { complete: true })).toBe('ready');
    // The GIF is complete a moment before its job's attempt is recorded as ended.
    let after = await scrape();
    for (
      let i = 0;
      i < 100 && done(after, 'gif.renditions-rest') === done(before, 'gif.renditions-rest');
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape();
    }
    expect(done(after, 'gif.process') - done(before, 'gif.process')).toBe(1);
    expect(done(after, 'gif.renditions-rest') - done(before, 'gif.renditions-rest')).toBe(1);
    const sum = (text: string) =>
      sampleOf(text, 'jiffy_job_duration_seconds_sum', { kind: 'gif.process', outcome: 'done' }) ??
      0;
    expect(sum(after) - sum(before)).toBeGreaterThan(0);
    // Nothing waits once it is done.
    expect(
      sampleOf(after, 'jiffy_job_queue_depth', { kind: 'gif.process', state: 'waiting' }),
    ).toBe(0);
  });

  it('counts hits and misses of the kept list answers and of the GIF JSON cache', async () => {
    const before = await scrape();
    const search = `/v1/gifs/search?api_key=${t.apiKey}&q=metrics`;
    const first = await t.jiffy.app.inject(search);
    expect(first.json<{ data: { id: string }[] }>().data.map((gif) => gif.id)).toContain(id);
    await t.jiffy.app.inject(search);
    await t.jiffy.app.inject(search);
    const after = await scrape();
    expect(cache(after, 'public_lists', 'miss') - cache(before, 'public_lists', 'miss')).toBe(1);
    expect(cache(after, 'public_lists', 'hit') - cache(before, 'public_lists', 'hit')).toBe(2);
    // The kept answers were rendered once: the GIF's JSON was looked up once for them.
    const gifJson = (text: string) =>
      cache(text, 'gif_json', 'hit') + cache(text, 'gif_json', 'miss');
    expect(gifJson(after) - gifJson(before)).toBe(1);
    // Another list with the same GIF presents it from the JSON cache.
    const byIds = await t.jiffy.app.inject(`/v1/gifs/search?api_key=${t.apiKey}&q=metrics&limit=3`);
    expect(byIds.statusCode).toBe(200);
    const later = await scrape();
    expect(cache(later, 'gif_json', 'hit') - cache(after, 'gif_json', 'hit')).toBe(1);
  });

  it("shows every named cache's look-ups and entries, and what the GIF JSON weighs", async () => {
    const text = await scrape();
    const names = labelSetsOf(text, 'jiffy_cache_entries').map((labels) => labels.cache);
    expect(names).toEqual(expect.arrayContaining(['public_lists', 'gif_json', 'api_keys']));
    // Every request above gave its API key: the first looked it up, the others found it kept.
    expect(cache(text, 'api_keys', 'hit')).toBeGreaterThan(0);
    expect(sampleOf(text, 'jiffy_cache_entries', { cache: 'public_lists' })).toBeGreaterThan(0);
    expect(sampleOf(text, 'jiffy_cache_bytes', { cache: 'gif_json' })).toBeGreaterThan(0);
    // Only caches bounded by bytes weigh their entries.
    expect(sampleOf(text, 'jiffy_cache_bytes', { cache: 'public_lists' })).toBeUndefined();
  });

  it('counts pingback events stored and dropped', async () => {
    const before = await scrape();
    const event = (gif: string) => ({
      ts: Date.now(),
      action_type: 'SEEN',
      analytics_response_payload: analyticsPayload(gif, 'resp1'),
    });
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v2/pingback',
      payload: { events: [event(id), event(id), event('nosuchgif'), 'junk'] },
    });
    expect(response.json<{ data: unknown }>().data).toEqual({ received: 4, stored: 2, dropped: 2 });
    const simple = await t.jiffy.app.inject(
      `/v2/pingback/simple?action_type=SEEN&analytics_response_payload=${encodeURIComponent(analyticsPayload(id, 'r2'))}`,
    );
    expect(simple.statusCode).toBe(204);
    const after = await scrape();
    const events = (text: string, outcome: string) =>
      sampleOf(text, 'jiffy_pingback_events_total', { outcome }) ?? 0;
    expect(events(after, 'stored') - events(before, 'stored')).toBe(3);
    expect(events(after, 'dropped') - events(before, 'dropped')).toBe(2);
  });

  it('exports the process figures Prometheus dashboards expect', async () => {
    const text = await scrape();
    expect(sampleOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('/metrics with METRICS_TOKEN, on a node whose jobs wait', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy({ METRICS_TOKEN: TOKEN }, { startWorkers: false });
  }, 60_000);
  afterAll(() => t.stop());

  const scrape = (authorization?: string) =>
    t.jiffy.app.inject({
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers only a request bearing the token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      `Bearer ${'a'.repeat(20_000)}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      '',
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization).slice(0, 40)).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'metrics_token_required' } });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('jiffy_');
    }
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('jiffy_job_queue_depth');
    // The health probes stay open: an orchestrator has no token.
    expect((await t.jiffy.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('shows a waiting upload in the queue depth and its age', async () => {
    const depth = async () => {
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      return {
        waiting: sampleOf(text, 'jiffy_job_queue_depth', { kind: 'gif.process', state: 'waiting' }),
        oldest: sampleOf(text, 'jiffy_job_queue_oldest_waiting_seconds', { kind: 'gif.process' }),
      };
    };
    expect(await depth()).toEqual({ waiting: 0, oldest: 0 });
    await upload(t, 40);
    await upload(t, 42);
    // No worker runs here: both wait, the older since before this pause.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await depth();
    expect(after.waiting).toBe(2);
    expect(after.oldest).toBeGreaterThanOrEqual(1);
  });
});
