/** Why a visitor reports a GIF: the site's choices and the API's accepted values, in one list. */
export const reportReasons = [
  ['sexual', 'Sexual content'],
  ['violence', 'Violence or gore'],
  ['hate', 'Hate or harassment'],
  ['self_harm', 'Self-harm'],
  ['copyright', 'Copyright or trademark'],
  ['spam', 'Spam or misleading'],
  ['other', 'Something else'],
] as const;

export type ReportReason = (typeof reportReasons)[number][0];
