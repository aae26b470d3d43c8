import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { findCamera, openCamera, type CameraState } from './camera.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { loadPhoto, MAX_PHOTO_SIDE, type Photo } from './photo.ts';

/**
 * The scene's first step: a photo from the device, or a picture taken with the camera. The
 * camera button is there only as a disabled control with its reason when no camera can be
 * used (none, no API, permission refused).
 */
export function SceneSource(props: { onPhoto: (photo: Photo) => void }) {
  const id = useId();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [camera, setCamera] = useState<CameraState>({ kind: 'checking' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    let current = true;
    void findCamera().then((state) => current && setCamera(state));
    return () => {
      current = false;
    };
  }, []);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setLoading(true);
    setError('');
    try {
      props.onPhoto(await loadPhoto(file));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const startCamera = async () => {
    setOpening(true);
    setError('');
    try {
      setStream(await openCamera());
    } catch (failure) {
      setCamera({ kind: 'unavailable', reason: (failure as Error).message });
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="maker-source" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>1. Choose a photo</h2>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>Photo from this device</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*"
          disabled={loading}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <p className="hint" id={`${id}-file-hint`}>
          {loading
            ? 'Opening the photo…'
            : `A large photo is scaled to ${MAX_PHOTO_SIDE} pixels on its long side.`}
        </p>
      </div>
      {error ? <ErrorMessage message={error} /> : null}
      <h3>Or take one</h3>
      {stream ? (
        <CameraCapture stream={stream} onPhoto={props.onPhoto} onCancel={() => setStream(null)} />
      ) : (
        <div className="form-field">
          <button
            type="button"
            className="secondary"
            disabled={camera.kind !== 'available' || opening}
            aria-describedby={camera.kind === 'unavailable' ? `${id}-camera-why` : undefined}
            onClick={() => void startCamera()}
          >
            {opening ? 'Opening the camera…' : 'Use the camera'}
          </button>
          {camera.kind === 'unavailable' ? (
            <p className="hint" id={`${id}-camera-why`}>
              {camera.reason}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
