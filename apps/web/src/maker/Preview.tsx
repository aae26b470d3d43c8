import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cropRect, outputSize } from './crop.ts';
import { drawFrame } from './draw-frame.ts';
import { PreviewStage } from './PreviewStage.tsx';
import { OUTPUT_FPS, type Scene, type Timing } from './scene.ts';
import { seekVideo, videoFrame } from './seek-video.ts';
import type { StickerFrames } from './sticker-frames.ts';
import { gifTimeAt, loopSeconds, sourceTimeAt } from './timeline.ts';

/**
 * The live, looping preview: the preview `<video>` plays the span at the chosen speed and each
 * animation frame is drawn with drawFrame at the matching time of the GIF. Paused, the
 * position slider shows any frame of the loop (arrow keys step one GIF frame).
 */
export function Preview(props: {
  video: HTMLVideoElement;
  scene: Scene;
  timing: Timing;
  stickers: ReadonlyMap<string, StickerFrames>;
  children?: ReactNode;
}) {
  const id = useId();
  const { video, timing } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(true);
  const [at, setAt] = useState(0);
  const size = outputSize(cropRect(video.videoWidth, video.videoHeight, props.scene.crop));
  // The loop reads the latest scene without restarting playback on every keystroke.
  const latest = useRef({ scene: props.scene, stickers: props.stickers });
  latest.current = { scene: props.scene, stickers: props.stickers };
  const loop = loopSeconds(timing);

  const draw = (t: number) => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || video.readyState < 2) return;
    drawFrame(ctx, videoFrame(video), latest.current.scene, t, latest.current.stickers);
  };

  useEffect(() => {
    if (!playing) return;
    video.playbackRate = timing.speed;
    video.currentTime = timing.start;
    void video.play().catch(() => undefined);
    let frame = 0;
    const tick = () => {
      if (video.ended || video.currentTime >= timing.end || video.currentTime < timing.start) {
        video.currentTime = timing.start;
        if (video.paused) void video.play().catch(() => undefined);
      }
      draw(Math.min(loop, gifTimeAt(timing, video.currentTime)));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      video.pause();
    };
  }, [playing, video, timing.start, timing.end, timing.speed]);

  useEffect(() => {
    if (playing) return;
    let current = true;
    const t = Math.min(at, loop);
    void seekVideo(video, sourceTimeAt(timing, t)).then(() => {
      if (!current) return;
      draw(t);
      // Says which moment the canvas holds once it is drawn (a test waits for it).
      canvasRef.current?.setAttribute('data-drawn-at', t.toFixed(3));
    });
    return () => {
      current = false;
    };
  }, [playing, at, video, timing.start, timing.end, timing.speed, props.scene, props.stickers]);

  return (
    <PreviewStage
      canvasRef={canvasRef}
      size={size}
      label="Preview of the GIF"
      playing={playing}
      onPlayingChange={setPlaying}
      overlays={props.children}
      transport={
        <>
          <div className="form-field">
            <label htmlFor={`${id}-at`}>Preview position</label>
            <input
              id={`${id}-at`}
              type="range"
              min={0}
              max={loop}
              step={1 / OUTPUT_FPS}
              value={Math.min(at, loop)}
              aria-valuetext={`${Math.min(at, loop).toFixed(2)} s`}
              onChange={(event) => {
                setPlaying(false);
                setAt(Number(event.target.value));
              }}
            />
          </div>
          <span className="hint">
            {size.width}×{size.height}, {OUTPUT_FPS} fps
          </span>
        </>
      }
    />
  );
}
