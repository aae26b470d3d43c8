import type { Gif, GifUser } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import { attributionAvatarUrl, randomDefaultAvatar } from './attribution-avatar.ts';

const gif = {
  id: 'abc123',
  images: { original: { url: 'https://cdn.example/media/abc123/original.gif' } },
} as unknown as Gif;
const user = (avatar_url: string) => ({ avatar_url }) as GifUser;

describe('the hover attribution avatar', () => {
  it("shows the user's avatar at its 80 px high variant", () => {
    expect(attributionAvatarUrl(gif, user('https://cdn.example/media/avatars/u1/k.gif'), 3)).toBe(
      'https://cdn.example/media/avatars/u1/k/80h.gif',
    );
  });

  it('shows a default avatar from the same media server when there is none', () => {
    expect(attributionAvatarUrl(gif, user(''), 4)).toBe(
      'https://cdn.example/media/avatars/default4/80h.gif',
    );
  });

  it('picks default avatars 1 to 5, each of them', () => {
    const picked = new Set(Array.from({ length: 500 }, randomDefaultAvatar));
    expect([...picked].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
