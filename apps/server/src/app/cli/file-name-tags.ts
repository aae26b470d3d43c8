import path from 'node:path';

/** Words of a file's base name: split on anything that is not a letter or digit. */
function words(fileName: string): string[] {
  return path
    .parse(fileName)
    .name.split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0 && !/^\d+$/.test(w));
}

/** Tags from a file name: its distinct words ("happy-dance_cat 2.gif" → happy, dance, cat). */
export function tagsFromFileName(fileName: string): string[] {
  return [...new Set(words(fileName))].slice(0, 30).map((w) => w.slice(0, 64));
}

/** A title from a file name: its words, capitalised ("happy-dance.gif" → "Happy Dance"). */
export function titleFromFileName(fileName: string): string {
  return words(fileName)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
    .slice(0, 140);
}
