import { useEffect, useMemo, useRef, useState } from 'react';
import type { Gif as GifObject } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { stillOf } from '../best-rendition.ts';
import { heightFor } from '../Gif.tsx';
import { bestVideo, videoFilesOf, type VideoFile } from './best-video.ts';
import { DEFAULT_VOLUME } from './playback-rules.ts';
import { useVideoPlayback, type VideoCallbacks } from './use-video-playback.ts';
import { VideoControls, type ControlsVisibility } from './VideoControls.tsx';

export interface VideoProps extends VideoCallbacks, ControlsVisibility {
  gif: GifObject;
  width: number;
  /** Defaults to the width times the GIF's aspect ratio. */
  height?: number;
  /** Start muted (autoplay then never needs the muted retry). */
  muted?: boolean;
  /** 0..1; default 0.7. */
  volume?: number;
  /** Replay at the end; default true. */
  loop?: boolean;
  /** Show play/pause, mute and progress while hovered or focused. */
  controls?: boolean;
  /** With controls: show them all the time, not only on hover. */
  persistentControls?: boolean;
  className?: string;
}

/**
 * The video widget: the best-fitting video for its size, autoplaying inline and looping
 * at volume 0.7, with optional controls. Without video content it logs a warning and renders
 * nothing.
 */
export function Video(props: VideoProps) {
  const files = useMemo(() => videoFilesOf(props.gif), [props.gif]);
  const id = props.gif.id;
  const hasVideo = files.length > 0;
  useEffect(() => {
    if (!hasVideo) console.warn(`Jiffy Video: GIF ${id} has no video content; nothing to play.`);
  }, [hasVideo, id]);
  if (!hasVideo) return null;
  // A different GIF is a different player: its counters and state start over.
  return <VideoPlayer key={id} {...props} files={files} />;
}

function VideoPlayer({ files, ...props }: VideoProps & { files: VideoFile[] }) {
  const { gif, width } = props;
  const height = props.height ?? heightFor(gif, width);
  const videoRef = useRef<HTMLVideoElement>(null);
  const resumeFrom = useRef<{ time: number; playing: boolean } | undefined>(undefined);
  const pixelRatio = globalThis.devicePixelRatio ?? 1;
  const [file, setFile] = useState(() => bestVideo(files, width, height, pixelRatio)!);

  // When the size grows past the current file, swap to a better one and keep the time.
  useEffect(() => {
    const best = bestVideo(files, width, height, pixelRatio)!;
    if (best.width * best.height <= file.width * file.height) return;
    const video = videoRef.current;
    if (video) resumeFrom.current = { time: video.currentTime, playing: !video.paused };
    setFile(best);
  }, [files, width, height, pixelRatio, file]);

  const playback = useVideoPlayback(videoRef, {
    gif,
    src: file.url,
    volume: props.volume ?? DEFAULT_VOLUME,
    muted: props.muted ?? false,
    loop: props.loop ?? true,
    callbacks: props,
    resumeFrom,
  });
  // Controls show while the pointer is over the player or focus is inside it (keyboard users).
  const [hover, setHover] = useState(false);
  const [focused, setFocused] = useState(false);
  const showControls = !!props.controls && (props.persistentControls || hover || focused);
  return (
    <div
      className={['jiffy-video', props.className].filter(Boolean).join(' ')}
      data-gif-id={gif.id}
      style={{ position: 'relative', width, height, background: '#000', overflow: 'hidden' }}
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <video
        ref={videoRef}
        src={file.url}
        poster={stillOf(gif, gif.images.original)?.url}
        width={width}
        height={height}
        playsInline
        preload="auto"
        aria-label={gifAltText(gif)}
        style={{ display: 'block', width, height, objectFit: 'cover' }}
      />
      {showControls ? <VideoControls playback={playback} {...props} /> : null}
    </div>
  );
}
