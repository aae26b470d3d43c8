import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PreviewStage } from '../maker/PreviewStage.tsx';
import { sceneGifSize, drawScene, sceneLoopSeconds, type PhotoScene } from './scene-render.ts';

/**
 * The scene as its GIF will be: every animation frame drawn with the maker's drawFrame at the
 * loop's current time, the stickers' handles laid over it. Pause holds the first frame, which
 * is also what the PNG holds.
 */
export function ScenePreview(props: { scene: PhotoScene; children?: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(true);
  const size = sceneGifSize(props.scene.photo);
  // The loop reads the latest scene without restarting on every move of a sticker.
  const latest = useRef(props.scene);
  latest.current = props.scene;

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const began = performance.now();
    let frame = 0;
    const tick = () => {
      const scene = latest.current;
      const loop = sceneLoopSeconds(scene.stickers, scene.frames);
      const t = playing && loop > 0 ? ((performance.now() - began) / 1000) % loop : 0;
      void drawScene(scene)(ctx, t);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  return (
    <PreviewStage
      canvasRef={canvasRef}
      size={size}
      label="Preview of the scene"
      playing={playing}
      onPlayingChange={setPlaying}
      overlays={props.children}
      transport={
        <span className="hint">
          GIF {size.width}×{size.height}; PNG {props.scene.photo.width}×{props.scene.photo.height}
        </span>
      }
    />
  );
}
