import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Gif } from '@jiffy/contracts';
import { pingback } from '../pingback.ts';
import { progressShown, quartilesDue, type Quartile } from './playback-rules.ts';
import { videoErrorMessage, type VideoErrorCode } from './video-errors.ts';

export type VideoState = 'playing' | 'paused';

/** The video widget's callbacks. */
export interface VideoCallbacks {
  onStateChange?: (state: VideoState) => void;
  onTimeUpdate?: (seconds: number) => void;
  onCanPlay?: () => void;
  /** Milliseconds from mounting to the first frame played. */
  onFirstPlay?: (elapsedMs: number) => void;
  /** The number of stalls so far. */
  onWaiting?: (stalls: number) => void;
  onMuted?: (muted: boolean) => void;
  onError?: (code: VideoErrorCode, message: string) => void;
  onEnded?: () => void;
  /** The number of completed loops so far. */
  onLoop?: (loops: number) => void;
  onQuartile?: (quartile: Quartile) => void;
  onEndFullscreen?: () => void;
}

export interface PlaybackOptions {
  gif: Gif;
  src: string;
  volume: number;
  muted: boolean;
  loop: boolean;
  callbacks: VideoCallbacks;
  /** Where to pick up after the source was swapped for a better rendition. */
  resumeFrom: RefObject<{ time: number; playing: boolean } | undefined>;
}

export interface Playback {
  playing: boolean;
  muted: boolean;
  /** 0..1, as the progress bar shows it. */
  progress: number;
  togglePlay: () => void;
  toggleMute: () => void;
}

const ignore = () => undefined;

/**
 * Widget video: autoplay with sound, or muted and replayed with onMuted(true) when the
 * browser refuses; START and onFirstPlay on the first frame; quartiles once per loop; loops
 * and stalls counted; errors logged and passed on with their MediaError code. Listeners are
 * added and removed here, so an unmounted video leaves none behind.
 */
export function useVideoPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: PlaybackOptions,
): Playback {
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(options.muted);
  const [progress, setProgress] = useState(0);
  // The latest props, read by listeners that live as long as the element.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const mountedAt = performance.now();
    let firstPlayed = false;
    let state: VideoState = 'paused';
    let loops = 0;
    let stalls = 0;
    const fired = new Set<Quartile>();
    const cb = () => latest.current.callbacks;
    const setState = (next: VideoState) => {
      if (next === state) return;
      state = next;
      setPlaying(next === 'playing');
      cb().onStateChange?.(next);
    };
    const handlers: Record<string, () => void> = {
      playing: () => {
        if (!firstPlayed) {
          firstPlayed = true;
          pingback(latest.current.gif, 'START');
          cb().onFirstPlay?.(Math.round(performance.now() - mountedAt));
        }
        setState('playing');
      },
      pause: () => {
        // The end of a looping video is not a pause: it restarts at once.
        if (!(video.ended && latest.current.loop)) setState('paused');
      },
      timeupdate: () => {
        const shown = progressShown(video.currentTime, video.duration);
        setProgress(shown);
        cb().onTimeUpdate?.(video.currentTime);
        for (const q of quartilesDue(video.currentTime / video.duration, fired)) {
          fired.add(q);
          cb().onQuartile?.(q);
        }
      },
      ended: () => {
        if (latest.current.loop) {
          loops += 1;
          fired.clear();
          cb().onLoop?.(loops);
          video.currentTime = 0;
          void video.play().catch(ignore);
        } else {
          setState('paused');
        }
        cb().onEnded?.();
      },
      waiting: () => {
        stalls += 1;
        cb().onWaiting?.(stalls);
      },
      canplay: () => cb().onCanPlay?.(),
      volumechange: () => setMuted(video.muted),
      error: () => {
        const code = (video.error?.code ?? 4) as VideoErrorCode;
        const message = videoErrorMessage(code, video.currentSrc || latest.current.src);
        console.error(`Jiffy video ${latest.current.gif.id}: ${message}`);
        cb().onError?.(code, message);
      },
      webkitendfullscreen: () => cb().onEndFullscreen?.(),
      fullscreenchange: () => {
        if (!document.fullscreenElement) cb().onEndFullscreen?.();
      },
    };
    for (const [type, handler] of Object.entries(handlers)) video.addEventListener(type, handler);
    // The source was set when the element was made, and effects run after paint (on preact, the
    // next frame; late on a busy page): a source that failed or loaded before these listeners
    // existed has fired its event already. Its state says so; report it now.
    if (video.error) handlers.error!();
    else if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) handlers.canplay!();
    return () => {
      for (const [type, handler] of Object.entries(handlers))
        video.removeEventListener(type, handler);
      // Stop downloading: a detached element would otherwise keep fetching its source.
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef]);

  // A new source either resumes where the last one was (a rendition swap) or autoplays.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // React's StrictMode unmounts and remounts once in development: the cleanup above took the
    // source away, and React will not set an unchanged attribute again.
    if (video.getAttribute('src') !== options.src) video.setAttribute('src', options.src);
    const resume = options.resumeFrom.current;
    options.resumeFrom.current = undefined;
    if (resume) {
      const seek = () => {
        video.currentTime = resume.time;
        if (resume.playing) void video.play().catch(ignore);
      };
      video.addEventListener('loadedmetadata', seek, { once: true });
      return () => video.removeEventListener('loadedmetadata', seek);
    }
    video.volume = latest.current.volume;
    video.muted = latest.current.muted;
    video.play().catch((error: unknown) => {
      // Autoplay with sound refused: play muted instead, and say so.
      if ((error as Error)?.name !== 'NotAllowedError' || video.muted) return;
      video.muted = true;
      setMuted(true);
      latest.current.callbacks.onMuted?.(true);
      void video.play().catch(ignore);
    });
    return undefined;
    // Only a new source restarts playback; volume and muted changes are applied on their own.
  }, [videoRef, options.src]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.volume = options.volume;
  }, [videoRef, options.volume]);

  return {
    playing,
    muted,
    progress,
    togglePlay: () => {
      const video = videoRef.current;
      if (!video) return;
      if (video.paused) void video.play().catch(ignore);
      else video.pause();
    },
    toggleMute: () => {
      const video = videoRef.current;
      if (!video) return;
      video.muted = !video.muted;
      setMuted(video.muted);
      latest.current.callbacks.onMuted?.(video.muted);
    },
  };
}
