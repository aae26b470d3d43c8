import { describe, expect, it } from 'vitest';
import { isPublicOrigin } from './public-origin.ts';

describe('isPublicOrigin', () => {
  it('takes https on a public name or a public address', () => {
    expect(isPublicOrigin('https://gifs.example.org')).toBe(true);
    expect(isPublicOrigin('https://93.184.216.34')).toBe(true);
    expect(isPublicOrigin('https://[2606:4700::1111]')).toBe(true);
  });

  it('refuses plain http, private addresses and private names', () => {
    expect(isPublicOrigin('http://gifs.example.org')).toBe(false);
    expect(isPublicOrigin('https://localhost:3000')).toBe(false);
    expect(isPublicOrigin('https://127.0.0.1')).toBe(false);
    expect(isPublicOrigin('https://192.168.1.20')).toBe(false);
    expect(isPublicOrigin('https://[::1]')).toBe(false);
    expect(isPublicOrigin('https://[fd00::1]')).toBe(false);
    expect(isPublicOrigin('https://nas')).toBe(false);
    expect(isPublicOrigin('https://jiffy.local')).toBe(false);
    expect(isPublicOrigin('https://jiffy.lan')).toBe(false);
    expect(isPublicOrigin('https://jiffy.internal')).toBe(false);
    expect(isPublicOrigin('not a url')).toBe(false);
  });
});
