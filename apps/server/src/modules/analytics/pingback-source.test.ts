import { describe, expect, it } from 'vitest';
import { pingbackSource } from './pingback-source.ts';

const SITE = 'https://jiffy.example';
const source = (headers: Record<string, string>, query: object = {}) =>
  pingbackSource({ query, headers }, SITE);

describe('where a pingback batch came from', () => {
  it('names an app by its key, before anything else', () => {
    expect(source({ origin: SITE, 'x-giphy-sdk-name': 'AndroidSDK' }, { api_key: 'k1' })).toBe(
      'api:k1',
    );
  });

  it('counts this site’s pages as the site, whatever SDK header they carry', () => {
    expect(source({ origin: SITE, 'x-giphy-sdk-name': 'JavascriptSDK' })).toBe('site');
    expect(source({ referer: `${SITE}/gifs/abc` })).toBe('site');
  });

  it('counts the web SDK name (the widget kit, GIPHY’s JS SDK) on other pages as widgets', () => {
    expect(source({ origin: 'https://blog.example', 'x-giphy-sdk-name': 'JavascriptSDK' })).toBe(
      'widget',
    );
    expect(source({ origin: 'https://blog.example' })).toBe('widget');
  });

  it('names native SDKs, and ignores a header that is not a name', () => {
    expect(source({ 'x-giphy-sdk-name': 'AndroidSDK' })).toBe('sdk:AndroidSDK');
    expect(source({ 'x-giphy-sdk-name': '<script>' })).toBe('widget');
  });
});
