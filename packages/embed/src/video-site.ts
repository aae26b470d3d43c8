import type { ExternalMedia } from '@jiffy/contracts';
import { VimeoPlayer } from './video-site-player.ts';
import { VIMEO_ORIGIN, YOUTUBE_ORIGIN } from './video-site-origins.ts';

/** Vimeo's player takes one accent colour (hex, no '#'): Jiffy's indigo. */
const VIMEO_COLOR = '6157ff';

/** The iframe URL, with its player parameters, for a youtube or vimeo video; null otherwise. */
export function videoSiteUrl(media: ExternalMedia): string | null {
  const uid = encodeURIComponent(media.asset_uid);
  if (media.provider_name === 'youtube') {
    const start = Math.max(0, Math.floor(media.start) - 1);
    return `${YOUTUBE_ORIGIN}/embed/${uid}?autoplay=1&loop=1&playsinline=1&fs=0&rel=0&volume=0&enablejsapi=1&start=${start}`;
  }
  if (media.provider_name === 'vimeo') {
    return `${VIMEO_ORIGIN}/video/${uid}?autoplay=1&byline=0&title=0&color=${VIMEO_COLOR}&loop=0`;
  }
  return null;
}

interface YoutubePlayerApi {
  Player: new (
    element: HTMLIFrameElement,
    options: {
      events: {
        onReady: (event: { target: { setVolume(volume: number): void; mute(): void } }) => void;
        onStateChange: (event: { data: number }) => void;
      };
    },
  ) => unknown;
}
type YoutubeWindow = Window & { YT?: YoutubePlayerApi; onYouTubeIframeAPIReady?: () => void };

let youtubeApi: Promise<YoutubePlayerApi> | undefined;

/** youtube's iframe API, loaded on demand the first time a visitor presses Watch. */
function loadYoutubeApi(): Promise<YoutubePlayerApi> {
  const win = window as YoutubeWindow;
  youtubeApi ??= new Promise((resolve) => {
    if (win.YT?.Player) return resolve(win.YT);
    win.onYouTubeIframeAPIReady = () => resolve(win.YT!);
    const script = document.createElement('script');
    script.src = `${YOUTUBE_ORIGIN}/iframe_api`;
    document.head.append(script);
  });
  return youtubeApi;
}

/** youtube states: ended (0) and paused (2) show the back button; others hide it. */
const YOUTUBE_ENDED = 0;
const YOUTUBE_PAUSED = 2;

/**
 * Follows the video site's player: muted on ready, and `onStopped(true)` when it pauses or
 * ends, `(false)` when it plays. Returns a function that stops following.
 */
export function followVideoSite(
  frame: HTMLIFrameElement,
  provider: ExternalMedia['provider_name'],
  onStopped: (stopped: boolean) => void,
): () => void {
  if (provider === 'youtube') {
    let active = true;
    void loadYoutubeApi().then((YT) => {
      if (!active) return;
      new YT.Player(frame, {
        events: {
          onReady: (event) => event.target.setVolume(0),
          onStateChange: (event) =>
            onStopped(event.data === YOUTUBE_ENDED || event.data === YOUTUBE_PAUSED),
        },
      });
    });
    return () => {
      active = false;
    };
  }
  // Vimeo speaks JSON over postMessage, through the wrapper: follow its states, and mute it.
  const player = new VimeoPlayer(frame);
  player.on('ready', () => player.set('volume', 0));
  player.on('play', () => onStopped(false));
  player.on('pause', () => onStopped(true));
  player.on('finish', () => onStopped(true));
  return () => player.destroy();
}
