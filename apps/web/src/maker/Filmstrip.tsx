import { useEffect, useId, useState } from 'react';
import { CLIP_SECONDS } from './load-clip.ts';
import type { Timing } from './scene.ts';
import { seekVideo } from './seek-video.ts';
import { filmstripTimes, loopSeconds, moveHandle } from './timeline.ts';

const PICTURES = 8;
const PICTURE_WIDTH = 96;

/** Pictures along the clip, taken from the capture `<video>` one after another. */
function useFilmstrip(
  video: HTMLVideoElement,
  duration: number,
  capture: <T>(work: () => Promise<T>) => Promise<T>,
) {
  const [pictures, setPictures] = useState<string[]>([]);
  useEffect(() => {
    let stopped = false;
    void capture(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = PICTURE_WIDTH;
      canvas.height = Math.round((PICTURE_WIDTH * video.videoHeight) / video.videoWidth) || 54;
      const ctx = canvas.getContext('2d')!;
      const taken: string[] = [];
      for (const time of filmstripTimes(duration, PICTURES)) {
        if (stopped) return;
        await seekVideo(video, time);
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        taken.push(canvas.toDataURL('image/jpeg', 0.7));
      }
      if (!stopped) setPictures(taken);
    });
    return () => {
      stopped = true;
    };
  }, [video, duration, capture]);
  return pictures;
}

const seconds = (value: number) => `${value.toFixed(2)} s`;

/**
 * The clip's filmstrip with the chosen span lit, and its start and end as two sliders
 * (arrow keys move them by 0.05 s, Page Up/Down by a tenth of the clip).
 */
export function Filmstrip(props: {
  video: HTMLVideoElement;
  duration: number;
  timing: Timing;
  capture: <T>(work: () => Promise<T>) => Promise<T>;
  onTiming: (timing: Timing) => void;
}) {
  const id = useId();
  const { duration, timing } = props;
  const pictures = useFilmstrip(props.video, duration, props.capture);
  const move = (handle: 'start' | 'end', value: number) =>
    props.onTiming(moveHandle(timing, handle, value, duration, CLIP_SECONDS));
  const left = (timing.start / duration) * 100;
  const width = ((timing.end - timing.start) / duration) * 100;
  return (
    <section className="maker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>2. Trim</h2>
      <div className="filmstrip" aria-hidden="true">
        {pictures.map((src, i) => (
          <img key={i} src={src} alt="" />
        ))}
        <div className="filmstrip-span" style={{ left: `${left}%`, width: `${width}%` }} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-start`}>Start</label>
        <output htmlFor={`${id}-start`}>{seconds(timing.start)}</output>
        <input
          id={`${id}-start`}
          type="range"
          min={0}
          max={duration}
          step={0.05}
          value={timing.start}
          aria-valuetext={seconds(timing.start)}
          onChange={(event) => move('start', Number(event.target.value))}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-end`}>End</label>
        <output htmlFor={`${id}-end`}>{seconds(timing.end)}</output>
        <input
          id={`${id}-end`}
          type="range"
          min={0}
          max={duration}
          step={0.05}
          value={timing.end}
          aria-valuetext={seconds(timing.end)}
          onChange={(event) => move('end', Number(event.target.value))}
        />
      </div>
      <p className="hint">
        {seconds(timing.end - timing.start)} of the clip; the GIF loops every{' '}
        {seconds(loopSeconds(timing))}.
      </p>
    </section>
  );
}
