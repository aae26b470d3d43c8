/**
 * The origins a page's media (GIFs, stills, avatars) may load from, for a CSP source list:
 * the media base (a CDN, say) and the instance itself, each once.
 */
export function mediaSources(urls: { publicUrl: string; mediaBaseUrl: string }): string {
  return [...new Set([new URL(urls.mediaBaseUrl).origin, new URL(urls.publicUrl).origin])].join(
    ' ',
  );
}
