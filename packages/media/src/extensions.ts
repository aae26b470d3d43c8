import { MediaError, type SourceFormat } from './types.ts';

/** File-name extensions Jiffy accepts, and the sniffed formats each may hold. */
export const extensionFormats: Readonly<Record<string, readonly SourceFormat[]>> = {
  gif: ['gif'],
  webp: ['webp'],
  png: ['png', 'apng'],
  apng: ['png', 'apng'],
  mp4: ['mp4'],
  m4v: ['mp4'],
  mov: ['mov'],
  qt: ['mov'],
  webm: ['webm'],
};

/** How a file name relates to the format sniffed from its bytes. */
export type ExtensionVerdict = 'match' | 'none' | 'mismatch' | 'unsupported';

/**
 * Compares a file name's extension with the sniffed format: 'match', 'none' (no extension,
 * acceptable), 'mismatch' (an accepted extension for another format, e.g. a PNG named .gif)
 * or 'unsupported' (an extension Jiffy never takes, e.g. .jpg or .txt).
 */
export function extensionVerdict(format: SourceFormat, filename: string): ExtensionVerdict {
  const extension = extensionOf(filename);
  if (extension === null) return 'none';
  const formats = extensionFormats[extension];
  if (!formats) return 'unsupported';
  return formats.includes(format) ? 'match' : 'mismatch';
}

/** True when the name has no extension or one that fits the sniffed format. */
export function formatMatchesExtension(format: SourceFormat, filename: string): boolean {
  const verdict = extensionVerdict(format, filename);
  return verdict === 'match' || verdict === 'none';
}

/**
 * Throws the `MediaError` the server should answer with when the name does not fit:
 * `unsupported_media_type` for an extension Jiffy never takes, `media_type_mismatch` otherwise.
 */
export function assertExtension(format: SourceFormat, filename: string): void {
  const verdict = extensionVerdict(format, filename);
  if (verdict === 'unsupported') {
    throw new MediaError(
      'unsupported_media_type',
      `Files named .${extensionOf(filename) ?? ''} are not accepted.`,
    );
  }
  if (verdict === 'mismatch') {
    throw new MediaError(
      'media_type_mismatch',
      `The file is named .${extensionOf(filename) ?? ''} but its content is ${format}.`,
    );
  }
}

/** Lower-cased extension of the last path segment, ignoring any URL query or fragment. */
function extensionOf(filename: string): string | null {
  const withoutQuery = filename.split(/[?#]/, 1)[0] ?? '';
  const base = withoutQuery.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  // A leading dot is a hidden file's name, not an extension.
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}
