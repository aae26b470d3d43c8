import { MediaError } from './types.ts';

/**
 * Turns whatever sharp/libvips threw into a `MediaError`. Input that libvips cannot decode is
 * `corrupt_media` (the source's fault); anything else is `processing_failed` (ours).
 */
export function mediaErrorFromSharp(error: unknown, doing: string): MediaError {
  if (error instanceof MediaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new MediaError('dimensions_too_large', `${doing}: ${message}`);
  }
  if (/timeout/i.test(message)) {
    return new MediaError('processing_timeout', `${doing} took too long.`);
  }
  if (
    /unsupported image format|corrupt|truncated|premature|invalid|bad |load|decode|not a known/i.test(
      message,
    )
  ) {
    return new MediaError('corrupt_media', `${doing}: ${firstLine(message)}`);
  }
  return new MediaError('processing_failed', `${doing}: ${firstLine(message)}`);
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).slice(0, 300);
}
