import { useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { downloadBlob } from './download.ts';
import {
  MAX_SCENE_SECONDS,
  renderSceneGif,
  renderScenePng,
  type PhotoScene,
} from './scene-render.ts';

/** Saves the scene to the device: one frame as a PNG, or the whole loop as a GIF. */
export function SaveScene(props: { scene: PhotoScene }) {
  const id = useId();
  const [making, setMaking] = useState<'png' | 'gif' | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const stop = useRef(new AbortController());
  useEffect(() => {
    stop.current = new AbortController();
    return () => stop.current.abort();
  }, []);

  const save = async (kind: 'png' | 'gif') => {
    setMaking(kind);
    setProgress(0);
    setError('');
    try {
      const blob =
        kind === 'png'
          ? await renderScenePng(props.scene)
          : await renderSceneGif(props.scene, setProgress, stop.current.signal);
      downloadBlob(blob, `jiffy-scene.${kind}`);
    } catch (failure) {
      if (!stop.current.signal.aborted) setError((failure as Error).message);
    } finally {
      setMaking(null);
    }
  };

  return (
    <section className="maker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>3. Save</h2>
      <p className="hint">
        The GIF plays the stickers over the photo for their longest loop (at most{' '}
        {MAX_SCENE_SECONDS} s); the PNG is its first frame at the photo’s size.
      </p>
      <div className="maker-row">
        <button
          type="button"
          className="secondary"
          disabled={making !== null}
          onClick={() => void save('png')}
        >
          Save as PNG
        </button>
        <button
          type="button"
          className="secondary"
          disabled={making !== null}
          onClick={() => void save('gif')}
        >
          Save as GIF
        </button>
      </div>
      {making ? (
        <div className="maker-progress" role="status">
          <span>
            {making === 'gif' ? `Making the GIF ${Math.round(progress * 100)}%` : 'Making the PNG'}
          </span>
          {making === 'gif' ? (
            <progress aria-label="Making the GIF" max={1} value={progress} />
          ) : null}
        </div>
      ) : null}
      {error ? <ErrorMessage message={error} /> : null}
    </section>
  );
}
