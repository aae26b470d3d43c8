import { useId, type ReactNode, type RefObject } from 'react';

/**
 * What the maker's preview and the AR scene's share: the canvas at the output's size with
 * `overlays` (sticker handles) laid on it, then a row with Play/Pause and the preview's own
 * `transport` controls and hints.
 */
export function PreviewStage(props: {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  size: { width: number; height: number };
  /** What the canvas shows, for screen readers. */
  label: string;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  overlays?: ReactNode;
  transport?: ReactNode;
}) {
  const id = useId();
  const { size } = props;
  return (
    <section className="maker-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Preview
      </h2>
      <div className="maker-stage" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
        <canvas
          ref={props.canvasRef}
          width={size.width}
          height={size.height}
          role="img"
          aria-label={props.label}
        />
        {props.overlays}
      </div>
      <div className="maker-row maker-transport">
        <button
          type="button"
          className="secondary"
          onClick={() => props.onPlayingChange(!props.playing)}
        >
          {props.playing ? 'Pause' : 'Play'}
        </button>
        {props.transport}
      </div>
    </section>
  );
}
