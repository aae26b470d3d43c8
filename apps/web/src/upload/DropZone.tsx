import { useId, useState } from 'react';

const ACCEPT = 'image/gif,image/webp,image/png,image/jpeg,video/mp4,video/webm,video/quicktime';

/** Drop files here, or pick them with the (keyboard-reachable) file button inside. */
export function DropZone(props: { onFiles: (files: File[]) => void }) {
  const inputId = useId();
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
      <label htmlFor={inputId} className="button secondary">
        Choose files
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept={ACCEPT}
        onChange={(event) => {
          props.onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
