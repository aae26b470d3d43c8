// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportFeedRequest } from './page-views.ts';

describe("a feed's later pages as page views", () => {
  afterEach(() => vi.unstubAllGlobals());

  const beacons = () => {
    const sent: { url: string; body: string }[] = [];
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: string) => sent.push({ url, body }) > 0,
    });
    return sent;
  };

  it('sends the second page of a search as /search/{term}/2 to Jiffy’s own endpoint', () => {
    const sent = beacons();
    reportFeedRequest(`${location.origin}/v1/gifs/search?api_key=k&q=cats&offset=25&limit=25`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/v1/analytics/events');
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      events: [{ category: 'PageView', action: 'search', page: '/search/cats/2' }],
    });
  });

  it('leaves first pages (the page itself counted them) and other requests alone', () => {
    const sent = beacons();
    reportFeedRequest(`${location.origin}/v1/gifs/search?q=cats&offset=0&limit=25`);
    reportFeedRequest(`${location.origin}/v1/gifs/trending?offset=25`);
    reportFeedRequest(`${location.origin}/v1/gifs/search/tags?q=ca`);
    expect(sent).toEqual([]);
  });
});
