import { useState } from 'react';
import { FileButton } from '../components/FileButton.tsx';

const ACCEPT = 'image/gif,image/webp,image/png,image/jpeg,video/mp4,video/webm,video/quicktime';

/** Drop files here, or pick them with the (keyboard-reachable) file button inside. */
export function DropZone(props: { onFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? 'drop-zone drop-over' : 'drop-zone'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        props.onFiles([...event.dataTransfer.files]);
      }}
    >
      <p>Drag and drop GIFs, stickers or short videos here</p>
      <FileButton label="Choose files" accept={ACCEPT} multiple onFiles={props.onFiles} />
    </div>
  );
}
