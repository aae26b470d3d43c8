/** The site's static and status pages: a heading and their paragraphs. */
export const INFO_PAGES: Record<string, { title: string; body: string[] }> = {
  about: {
    title: 'About Jiffy',
    body: [
      'Jiffy is a GIF and sticker library anyone can run on their own server: upload GIFs, stickers and short videos, search them, share them and embed them anywhere.',
      "Its public API speaks GIPHY's dialect, so apps built on GIPHY's SDKs work with a Jiffy server unchanged.",
    ],
  },
  transparency: {
    title: 'Transparency',
    body: [
      'Every GIF is rated g, pg, pg-13 or r; the API shows pg-13 and below unless asked otherwise.',
      'Moderators remove GIFs that break the rules; removed GIFs disappear from search, trending and their pages.',
      'Jiffy keeps its own analytics on this server; no third-party trackers run on these pages.',
    ],
  },
  '403': {
    title: '403: not allowed',
    body: ['You do not have access to that page. Log in with an account that does.'],
  },
  maintenance: {
    title: 'Down for maintenance',
    body: ['Jiffy is being updated and will be back shortly.'],
  },
};
