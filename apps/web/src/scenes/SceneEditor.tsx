import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { PlacedStickers } from '../maker/PlacedStickers.tsx';
import { PublishForm } from '../maker/PublishForm.tsx';
import type { StickerPlacement } from '../maker/scene.ts';
import { StickerHandles } from '../maker/StickerHandles.tsx';
import { StickerPicker } from '../maker/StickerPicker.tsx';
import { suggestTags } from '../maker/tag-suggestions.ts';
import { useStickerLibrary } from '../maker/use-sticker-library.ts';
import type { Photo } from './photo.ts';
import { SaveScene } from './SaveScene.tsx';
import { renderSceneGif, sceneTagFrames, type PhotoScene } from './scene-render.ts';
import { ScenePreview } from './ScenePreview.tsx';

/**
 * The scene over a chosen photo: the preview with the stickers' handles, the maker's sticker
 * picker, saving to the device, and for a signed-in user the maker's upload form.
 */
export function SceneEditor(props: { photo: Photo; onStartOver: () => void }) {
  const session = useSession();
  const location = useLocation();
  const [stickers, setStickers] = useState<StickerPlacement[]>([]);
  const library = useStickerLibrary((placed) => setStickers((s) => [...s, placed]));
  const scene: PhotoScene = { photo: props.photo, stickers, frames: library.frames };
  const { photo } = props;
  const frames = library.frames;

  const render = useCallback(
    (onProgress: (fraction: number) => void, signal: AbortSignal) =>
      renderSceneGif({ photo, stickers, frames }, onProgress, signal),
    [photo, stickers, frames],
  );
  const suggest = useCallback(
    () => sceneTagFrames({ photo, stickers, frames }).then(suggestTags),
    [photo, stickers, frames],
  );
  const next = encodeURIComponent(location.pathname);

  return (
    <div className="maker-editor">
      <div className="maker-stage-column">
        <ScenePreview scene={scene}>
          <StickerHandles
            stickers={stickers}
            ratio={photo.width / photo.height}
            onChange={setStickers}
          />
        </ScenePreview>
        <p className="hint">
          From {photo.label}{' '}
          <button type="button" className="link-button" onClick={props.onStartOver}>
            Choose another
          </button>
        </p>
      </div>
      <div className="maker-controls">
        <StickerPicker
          heading="2. Stickers"
          onPick={(gif) => void library.add(gif)}
          busy={library.adding}
        />
        {library.error ? <ErrorMessage message={library.error} /> : null}
        <h3>On the photo</h3>
        <PlacedStickers stickers={stickers} onChange={setStickers} />
        <p className="hint">
          Drag a sticker on the picture, or focus it: arrows move it, + and − resize it, Delete
          removes it.
        </p>
        <SaveScene scene={scene} />
        {session.data?.user ? (
          <PublishForm
            heading="4. Upload to Jiffy"
            submitLabel="Upload to Jiffy"
            render={render}
            suggest={suggest}
          />
        ) : session.isPending ? null : (
          <section className="maker-panel">
            <h2>4. Upload to Jiffy</h2>
            <p>
              <Link to={`/login?next=${next}`}>Log in</Link> to upload the scene to Jiffy as a GIF.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
