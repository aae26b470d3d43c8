import { describe, expect, it } from 'vitest';
import { gifIdOfPayload } from '../analytics/pingback-event.ts';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { RESPONSE_ID_SLOT } from '../gifs/gif.presenter.ts';
import { SlottedJson } from '../gifs/slotted-json.ts';
import { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { encodeAnswer } from './answer-json.ts';
import { RenderedAnswer, RenderedListCache } from './rendered-list-cache.ts';

const bodyFor = (responseId: string) =>
  JSON.stringify({
    data: ['a1', 'bb22', 'ccc333'].map((id) => ({
      id,
      analytics_response_payload: analyticsPayload(id, responseId),
      onload: `/v2/pingback/simple?analytics_response_payload=${encodeURIComponent(analyticsPayload(id, responseId))}`,
    })),
    meta: { response_id: responseId },
  });

describe('RenderedListCache', () => {
  it('forgets kept answers on clear, and keeps no load that was under way then', async () => {
    const cache = new RenderedListCache({
      caches: new CacheRegistry(),
      ttlMs: 60_000,
      maxEntries: 10,
    });
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(SlottedJson.of(`{"n":${loads}}`));
    };
    await cache.answer('k', load);
    await cache.answer('k', load);
    expect(loads).toBe(1);
    cache.clear();
    expect((await cache.answer('k', load)).render('r').toString()).toBe('{"n":2}');

    // A load that began before a takedown may hold the GIF: its caller gets it, nobody after.
    let finish!: () => void;
    const slow = cache.answer(
      'slow',
      () => new Promise<SlottedJson>((resolve) => (finish = () => resolve(SlottedJson.of('{}')))),
    );
    cache.clear();
    const after = cache.answer('slow', load);
    finish();
    expect((await slow).render('r').toString()).toBe('{}');
    expect((await after).render('r').toString()).toBe('{"n":3}');
    expect((await cache.answer('slow', load)).render('r').toString()).toBe('{"n":3}');
  });

  it('renders a kept answer exactly as if it had been made for each response', async () => {
    const cache = new RenderedListCache({
      caches: new CacheRegistry(),
      ttlMs: 60_000,
      maxEntries: 10,
    });
    const answer = await cache.answer('k', () =>
      Promise.resolve(SlottedJson.of(bodyFor(RESPONSE_ID_SLOT))),
    );
    for (const responseId of [
      'abcdefghijklmnopqrstuvwx',
      'zyxw9876543210zyxw987654',
      'short',
      'a-much-longer-response-id-than-the-slot',
    ]) {
      expect(answer.render(responseId).toString()).toBe(bodyFor(responseId));
    }
    const payload = (
      JSON.parse(answer.render('r1').toString()) as {
        data: { analytics_response_payload: string }[];
      }
    ).data[1]!.analytics_response_payload;
    expect(gifIdOfPayload(payload)).toBe('bb22');
  });

  it('renders an answer joined from pieces the same the first time and every time after', () => {
    // As a search joins kept GIF objects: the bytes stay in their pieces until rendered again.
    const body = JSON.parse(bodyFor(RESPONSE_ID_SLOT)) as { data: object[] };
    const joined = new RenderedAnswer(encodeAnswer(body, (item) => SlottedJson.stringify(item)));
    const whole = new RenderedAnswer(SlottedJson.of(bodyFor(RESPONSE_ID_SLOT)));
    expect(joined.etag).toBe(whole.etag);
    for (const responseId of ['abcdefghijklmnopqrstuvwx', 'zyxw9876543210zyxw987654', 'short']) {
      expect(joined.render(responseId).toString()).toBe(bodyFor(responseId));
    }
  });

  it('loads once for callers asking together, and again once the answer is too old', async () => {
    const cache = new RenderedListCache({ caches: new CacheRegistry(), ttlMs: 50, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return SlottedJson.of(bodyFor(RESPONSE_ID_SLOT));
    };
    const [a, b] = await Promise.all([cache.answer('k', load), cache.answer('k', load)]);
    expect(a).toBe(b);
    await cache.answer('k', load);
    expect(loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.answer('k', load);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries answers and does not keep a failed load', async () => {
    const cache = new RenderedListCache({
      caches: new CacheRegistry(),
      ttlMs: 60_000,
      maxEntries: 2,
    });
    let loads = 0;
    const load = () => Promise.resolve(SlottedJson.of(`${++loads}`));
    for (const key of ['a', 'b', 'c']) await cache.answer(key, load);
    expect((await cache.answer('a', load)).render('x').toString()).toBe('4');
    expect((await cache.answer('c', load)).render('x').toString()).toBe('3');
    await expect(cache.answer('d', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect((await cache.answer('d', load)).render('x').toString()).toBe('5');
  });
});
