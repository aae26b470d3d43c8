import { useEffect, useRef, useState } from 'react';
import type { ExternalMedia } from '@jiffy/contracts';
import { followVideoSite, videoSiteUrl } from './video-site.ts';

/**
 * The embedded video view: the youtube or vimeo video the GIF comes from, and a 'GIF' button
 * back to the image, shown while the video is paused or has ended (hidden while it plays).
 */
export function VideoSiteView({ media, onBack }: { media: ExternalMedia; onBack: () => void }) {
  const [stopped, setStopped] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = videoSiteUrl(media);
  useEffect(() => {
    if (!frame.current) return;
    return followVideoSite(frame.current, media.provider_name, setStopped);
  }, [media.provider_name]);
  if (!src) return null;
  return (
    <div className="video-site">
      <iframe
        ref={frame}
        src={src}
        title={`${media.provider_name} video`}
        allow="autoplay; fullscreen; picture-in-picture"
      />
      {stopped ? (
        <button type="button" className="back-to-gif" onClick={onBack}>
          GIF
        </button>
      ) : null}
    </div>
  );
}
