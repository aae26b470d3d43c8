import { useEffect, useState } from 'react';

/** Seconds as a clock reads them ("0:07", "1:02"). */
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * Where the clip is, and a slider to go elsewhere in it. The clip's own controls sit under the
 * footer, which covers them while the pointer is over the player, so the footer carries the
 * seek as it carries the sound; the slider takes the arrow keys, Home and End as any does.
 */
export function ClipSeek() {
  const [at, setAt] = useState(0);
  const [length, setLength] = useState(0);
  useEffect(() => {
    const video = document.querySelector<HTMLVideoElement>('video.media');
    if (!video) return;
    const follow = () => {
      setAt(video.currentTime);
      if (Number.isFinite(video.duration)) setLength(video.duration);
    };
    follow();
    for (const event of ['timeupdate', 'durationchange', 'seeked'] as const)
      video.addEventListener(event, follow);
    return () => {
      for (const event of ['timeupdate', 'durationchange', 'seeked'] as const)
        video.removeEventListener(event, follow);
    };
  }, []);
  return (
    <input
      className="seek"
      type="range"
      aria-label="Seek"
      aria-valuetext={`${clock(at)} of ${clock(length)}`}
      min={0}
      max={length || 0}
      step={0.1}
      value={at}
      disabled={!length}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const video = document.querySelector<HTMLVideoElement>('video.media');
        if (!video) return;
        video.currentTime = Number(event.target.value);
        setAt(video.currentTime);
      }}
    />
  );
}
