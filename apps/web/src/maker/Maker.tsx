import { useCallback, useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { CaptionForm } from './CaptionForm.tsx';
import { CropSpeedForm } from './CropSpeedForm.tsx';
import { cropRect, outputSize } from './crop.ts';
import { Filmstrip } from './Filmstrip.tsx';
import type { Clip } from './load-clip.ts';
import { Preview } from './Preview.tsx';
import { PublishForm } from './PublishForm.tsx';
import { outputCanvas, renderGif } from './render-gif.ts';
import { defaultScene, type Scene, type Timing } from './scene.ts';
import { oneAtATime } from './seek-video.ts';
import { SourceForm } from './SourceForm.tsx';
import { StickerHandles } from './StickerHandles.tsx';
import { useStickerLibrary } from './use-sticker-library.ts';
import { StickerPicker } from './StickerPicker.tsx';
import { captureFrames, suggestTags } from './tag-suggestions.ts';

/** A loaded clip's two players: one plays the preview, the other is seeked for captures. */
interface Players {
  preview: HTMLVideoElement;
  capture: HTMLVideoElement;
  duration: number;
}

/** The maker: a source, then the editor over its clip. */
export function Maker() {
  const [clip, setClip] = useState<Clip | null>(null);
  if (!clip) return <SourceForm onClip={setClip} />;
  return <Editor clip={clip} onStartOver={() => setClip(null)} />;
}

/** Waits for a video to have its first frame, or says why it cannot. */
function useVideo(clip: Blob): HTMLVideoElement | null | Error {
  const [state, setState] = useState<HTMLVideoElement | null | Error>(null);
  useEffect(() => {
    const url = URL.createObjectURL(clip);
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onloadeddata = () => setState(video);
    video.onerror = () =>
      setState(
        new Error(
          `This browser cannot play the clip (${video.error?.message || 'no reason given'}).`,
        ),
      );
    video.src = url;
    return () => {
      // Emptying the source fires an error this hook no longer cares about.
      video.onloadeddata = null;
      video.onerror = null;
      video.pause();
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    };
  }, [clip]);
  return state;
}

function Editor(props: { clip: Clip; onStartOver: () => void }) {
  const preview = useVideo(props.clip.blob);
  const capture = useVideo(props.clip.blob);
  if (preview instanceof Error) return <ErrorMessage message={preview.message} />;
  if (capture instanceof Error) return <ErrorMessage message={capture.message} />;
  if (!preview || !capture) return <p className="loading">Loading the clip…</p>;
  return (
    <EditorReady
      players={{ preview, capture, duration: capture.duration }}
      clip={props.clip}
      onStartOver={props.onStartOver}
    />
  );
}

function EditorReady(props: { players: Players; clip: Clip; onStartOver: () => void }) {
  const { preview, capture, duration } = props.players;
  const [timing, setTiming] = useState<Timing>({
    start: 0,
    end: Math.min(duration, 3),
    speed: 1,
  });
  const [scene, setScene] = useState<Scene>(defaultScene);
  const library = useStickerLibrary((placed) =>
    setScene((s) => ({ ...s, stickers: [...s.stickers, placed] })),
  );
  const stickerFrames = library.frames;
  // Captures share one player, so they run one after another.
  const captureQueue = useMemo(() => oneAtATime(), []);
  const size = outputSize(cropRect(capture.videoWidth, capture.videoHeight, scene.crop));

  const render = useCallback(
    (onProgress: (fraction: number) => void, signal: AbortSignal) =>
      captureQueue(() => renderGif(capture, scene, timing, stickerFrames, onProgress, signal)),
    [captureQueue, capture, scene, timing, stickerFrames],
  );
  const suggest = useCallback(
    () =>
      captureQueue(async () => {
        const canvas = outputCanvas(capture, scene);
        return captureFrames(capture, scene, timing, stickerFrames, canvas);
      }).then(suggestTags),
    [captureQueue, capture, scene, timing, stickerFrames],
  );

  return (
    <div className="maker-editor">
      <div className="maker-stage-column">
        <Preview video={preview} scene={scene} timing={timing} stickers={stickerFrames}>
          <StickerHandles
            stickers={scene.stickers}
            ratio={size.width / size.height}
            onChange={(stickers) => setScene((s) => ({ ...s, stickers }))}
          />
        </Preview>
        <p className="hint">
          From {props.clip.label}{' '}
          <button type="button" className="link-button" onClick={props.onStartOver}>
            Choose another
          </button>
        </p>
      </div>
      <div className="maker-controls">
        <Filmstrip
          video={capture}
          duration={duration}
          timing={timing}
          capture={captureQueue}
          onTiming={setTiming}
        />
        <CaptionForm
          caption={scene.caption}
          onChange={(caption) => setScene((s) => ({ ...s, caption }))}
        />
        <CropSpeedForm
          crop={scene.crop}
          speed={timing.speed}
          onCrop={(crop) => setScene((s) => ({ ...s, crop }))}
          onTiming={(patch) => setTiming((t) => ({ ...t, ...patch }))}
        />
        <StickerPicker onPick={(gif) => void library.add(gif)} busy={library.adding} />
        {library.error ? <ErrorMessage message={library.error} /> : null}
        <PublishForm render={render} suggest={suggest} />
      </div>
    </div>
  );
}
