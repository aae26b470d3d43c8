import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { stopStream } from './camera.ts';
import { photoFromVideo, type Photo } from './photo.ts';

/**
 * The camera's live picture with "Take photo" and "Cancel". The stream is stopped when this
 * goes away, whichever way (a photo taken, cancelled, the page left).
 */
export function CameraCapture(props: {
  stream: MediaStream;
  onPhoto: (photo: Photo) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const element = video.current!;
    element.srcObject = props.stream;
    void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
      stopStream(props.stream);
    };
  }, [props.stream]);

  const take = async () => {
    try {
      props.onPhoto(await photoFromVideo(video.current!));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <div className="scene-camera">
      <video
        ref={video}
        muted
        playsInline
        aria-label="The camera’s picture"
        onLoadedData={() => setReady(true)}
      />
      <div className="maker-row">
        <button type="button" className="primary" disabled={!ready} onClick={() => void take()}>
          Take photo
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {error ? <ErrorMessage message={error} /> : null}
    </div>
  );
}
