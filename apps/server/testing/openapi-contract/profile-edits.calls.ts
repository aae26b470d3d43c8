import sharp from 'sharp';
import { expect, vi } from 'vitest';
import { multipart } from '../fixtures.ts';
import type { ContractHarness } from './harness.ts';
import { SPOTIFY_ARTIST } from './outside.ts';

type Data<T> = { data: T };
type Profile = {
  display_name: string;
  avatar_url: string;
  avatar_pending: boolean;
  avatar_error: string | null;
  spotify_url: string;
  spotify_artist_name: string;
};

/**
 * A user edits their profile: their own fields, a Spotify artist link (its name read from the
 * stand-in Spotify of outside.ts), and an avatar uploaded, rendered by its job, and cleared.
 */
export async function profileEditsCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const ann = users.ann!;
  const me = (await h.site(ann, 'GET', '/login/check', 200)) as Data<{ user: { id: string } }>;
  const profile = `/api/v1/users/${me.data.user.id}/`;
  const before = ((await h.site(ann, 'GET', profile, 200)) as Data<Profile>).data;

  const link = `https://open.spotify.com/artist/${SPOTIFY_ARTIST.id}`;
  const lookup = (url: string) => `/api/v3/spotify/artist?spotify_url=${encodeURIComponent(url)}`;
  // A share link carries a tracking query; the answer names the canonical link.
  expect(await h.site(ann, 'GET', lookup(`${link}?si=share`), 200)).toEqual({
    name: SPOTIFY_ARTIST.name,
    artist_id: SPOTIFY_ARTIST.id,
    spotify_url: link,
  });
  await h.site(ann, 'GET', lookup('https://open.spotify.com/artist/0000000000000000000000'), 404);
  await h.site(ann, 'GET', lookup(`https://open.spotify.com/track/${SPOTIFY_ARTIST.id}`), 400);

  const edited = (await h.site(ann, 'PATCH', profile, 200, {
    description: 'Cats, mostly asleep.',
    spotify_url: link,
  })) as Data<Profile>;
  expect(edited.data).toMatchObject({
    spotify_url: link,
    spotify_artist_name: SPOTIFY_ARTIST.name,
  });
  const unlinked = (await h.site(ann, 'PATCH', profile, 200, {
    spotify_url: null,
  })) as Data<Profile>;
  expect(unlinked.data).toMatchObject({ spotify_url: '', spotify_artist_name: '' });
  await h.site(ann, 'PATCH', profile, 400, { role: 'admin' });
  await h.site(ann, 'PATCH', '/api/v1/users/idboss/', 403, { description: 'Not mine' });

  // The avatar: 202 while its job renders it, then the new one; cleared, the default again.
  const png = await sharp({
    create: { width: 120, height: 120, channels: 3, background: { r: 40, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  const form = () => multipart({}, { name: 'me.png', bytes: png, type: 'image/png' });
  const avatar = `${profile}avatar`;
  const queued = (await h.siteForm(ann, 'PUT', avatar, 202, form())) as Data<Profile>;
  expect(queued.data.avatar_pending).toBe(true);
  const rendered = await vi.waitFor(
    async () => {
      const own = ((await h.site(ann, 'GET', profile, 200)) as Data<Profile>).data;
      if (own.avatar_pending) throw new Error('the avatar is still rendering');
      return own;
    },
    { timeout: 30_000, interval: 100 },
  );
  expect(rendered.avatar_error).toBeNull();
  expect(rendered.avatar_url).not.toBe(before.avatar_url);
  await h.siteForm(ann, 'PUT', '/api/v1/users/idboss/avatar', 403, form());
  const cleared = (await h.site(ann, 'DELETE', avatar, 200)) as Data<Profile>;
  expect(cleared.data.avatar_url).toBe(before.avatar_url);
}
