/** Video error codes, as HTMLMediaElement's MediaError numbers them. */
export type VideoErrorCode = 1 | 2 | 3 | 4;

/** The extension of a video URL's file name ("mp4"), or "" when it has none. */
function extensionOf(url: string): string {
  const name = URL.canParse(url) ? new URL(url).pathname : url.split(/[?#]/)[0]!;
  const match = /\.([a-z0-9]+)$/i.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** The message for a video error (logged, and passed to onError with its code). */
export function videoErrorMessage(code: VideoErrorCode, url: string): string {
  switch (code) {
    case 1:
      return "Aborted: fetching the video was aborted at the user's request.";
    case 2:
      return 'Network Error: the video could not be downloaded.';
    case 3:
      return 'Decode Error: the video could not be decoded.';
    case 4:
      return `Can not play a video of type "${extensionOf(url)}" on this platform.`;
  }
}
