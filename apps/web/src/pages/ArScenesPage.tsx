import { useState } from 'react';
import '../maker/maker.css';
import type { Photo } from '../scenes/photo.ts';
import { SceneEditor } from '../scenes/SceneEditor.tsx';
import { SceneSource } from '../scenes/SceneSource.tsx';
import '../scenes/scenes.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/ar-scenes`: animated stickers over a photo or a camera picture, saved as a GIF
 * or PNG, or uploaded by a signed-in user, through the GIF maker's pieces. Open to everyone:
 * only the upload needs an account.
 */
export default function ArScenesPage() {
  usePageTitle('AR scenes');
  const [photo, setPhoto] = useState<Photo | null>(null);
  return (
    <section className="maker-page">
      <h1>AR scenes</h1>
      <p>Put animated stickers on a photo or a camera picture, then save it as a GIF or PNG.</p>
      {photo ? (
        <SceneEditor photo={photo} onStartOver={() => setPhoto(null)} />
      ) : (
        <SceneSource onPhoto={setPhoto} />
      )}
    </section>
  );
}
