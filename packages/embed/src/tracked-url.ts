/** `url` with the embedder's tracking query (and `extra` parameters) appended. */
export function trackedUrl(url: string, trackingQuery: string, extra = ''): string {
  const query = [trackingQuery, extra].filter(Boolean).join('&');
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
