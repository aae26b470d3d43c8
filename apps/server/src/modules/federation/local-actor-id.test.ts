import { describe, expect, it } from 'vitest';
import { formatActorId, parseActorId } from './local-actor-id.ts';

describe('local actor identifiers', () => {
  it('names creators and channels and reads them back', () => {
    for (const actor of [
      { kind: 'user', userId: 'Ab3dE6gH9jK1' },
      { kind: 'channel', channelId: 42 },
    ] as const) {
      expect(parseActorId(formatActorId(actor))).toEqual(actor);
    }
  });

  it('names nothing with anything else', () => {
    for (const text of [
      '',
      'u-',
      'c-',
      'c-0',
      'c-01',
      'c-1.5',
      'c-99999999999',
      'x-1',
      'u-a/b',
      'u-a b',
    ])
      expect(parseActorId(text), text).toBeNull();
  });
});
