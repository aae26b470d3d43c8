import { gifAltText } from '@jiffy/contracts/alt-text';
import type { QueueGif } from './moderation-api.ts';

/** The GIF playing, small: its MP4, or for a held upload the moderators' preview file. */
export function QueueMedia({ gif, size = 240 }: { gif: QueueGif; size?: number }) {
  const original = gif.images.original;
  const alt = gifAltText(gif);
  const { width, height } = gif.moderation;
  const style = { aspectRatio: `${width ?? 1} / ${height ?? 1}`, maxWidth: size };
  const preview = gif.moderation.preview_url;
  if (!preview && original?.mp4 && !gif.is_sticker)
    return (
      <video
        className="queue-media"
        style={style}
        src={original.mp4}
        autoPlay
        loop
        muted
        playsInline
        aria-label={alt}
      />
    );
  return <img className="queue-media" style={style} src={preview ?? original?.url} alt={alt} />;
}
