/**
 * `words` as a sentence: a full stop at the end unless it already ends in one, or in a ! ? or …
 * (a status that ends with a name such as "Yay!" would otherwise read "Made Yay!.").
 */
export const sentence = (words: string): string =>
  /[.!?…]["'”’)]*$/u.test(words) ? words : `${words}.`;
