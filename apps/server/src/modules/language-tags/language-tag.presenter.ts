import type { LanguageTagRow } from './language-tag.repository.ts';

/** Each requested GIF's tags in one language: `{ gif_id, lang, tags }`, in the order asked. */
export function presentLanguageTags(gifIds: string[], lang: string, rows: LanguageTagRow[]) {
  return gifIds.map((gifId) => ({
    gif_id: gifId,
    lang,
    tags: rows.filter((r) => r.gif_id === gifId).map((r) => r.tag),
  }));
}

/**
 * A GIF's tags in every language: its own tags under its own language (merged with any
 * language tags written in that language), and each other language's.
 */
export function presentTagTranslations(
  gif: { id: string; lang: string; tags: string[] },
  rows: LanguageTagRow[],
) {
  const translations: Record<string, string[]> = { [gif.lang]: [...gif.tags] };
  for (const row of rows) {
    const tags = (translations[row.lang] ??= []);
    if (!tags.includes(row.tag)) tags.push(row.tag);
  }
  return { gif_id: gif.id, lang: gif.lang, translations };
}
