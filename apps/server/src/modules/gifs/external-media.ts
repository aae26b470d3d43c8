import type { ExternalMedia } from '@jiffy/contracts';

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → 0. */
function seconds(value: string | null | undefined): number {
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/**
 * The video a GIF was cut from, when its source is a youtube or vimeo link: the player offers
 * 'Watch' for it (as provider_name, asset_uid and start). Other sources: null.
 */
export function externalMediaOf(sourceUrl: string | null): ExternalMedia | null {
  if (!sourceUrl || !URL.canParse(sourceUrl)) return null;
  const url = new URL(sourceUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtube.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : url.pathname === '/watch'
          ? url.searchParams.get('v')
          : /^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1];
    if (!id || !/^[A-Za-z0-9_-]{6,20}$/.test(id)) return null;
    const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return { provider_name: 'youtube', asset_uid: id, start };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (!id) return null;
    const start = seconds(/^#?t=(.+)$/.exec(url.hash)?.[1]);
    return { provider_name: 'vimeo', asset_uid: id, start };
  }
  return null;
}
