/**
 * What a share event (`POST /ajax/gif/:id/analytic/:type/`) may name: the web GIF page's share
 * buttons (five networks, the link and embed code copied), and e-mail and SMS for clients that
 * share that way. Each counts as one share (SENT) for ranking and trending.
 */
export const shareTypes = [
  'facebook',
  'twitter',
  'tumblr',
  'pinterest',
  'reddit',
  'link',
  'embed',
  'email',
  'sms',
] as const;

export type ShareType = (typeof shareTypes)[number];
