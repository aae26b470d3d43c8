import type { InstanceLanguage } from '@jiffy/contracts';
import type { LanguageTagRow } from './language-tag.repository.ts';

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** The instance's languages by their English names ("Spanish"), in the order of those names. */
export function presentLanguages(codes: string[]): InstanceLanguage[] {
  return codes
    .map((code) => ({ code, name: englishNames.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

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
