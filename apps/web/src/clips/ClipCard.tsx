import type { Gif } from '@jiffy/contracts';
import { Video } from '@jiffy/widgets';
import { Link } from 'react-router';
import { sitePath } from '../components/GifGrid.tsx';

/**
 * One clip in the feed: the widget kit's Video player with its controls always shown, muted
 * (browsers only autoplay silent video; the mute button gives the sound), then its title and
 * creator.
 */
export function ClipCard({ clip, width }: { clip: Gif; width: number }) {
  // The clip's own frame sets the shape; its still renditions may be rounded to other sides.
  const source = clip.video?.assets['source'];
  const height = source ? Math.round((width * source.height) / source.width) : undefined;
  return (
    <article className="clip-card" aria-label={clip.title || 'Clip'}>
      <Video
        gif={clip}
        width={width}
        {...(height ? { height } : {})}
        muted
        controls
        persistentControls
      />
      <div className="clip-caption">
        <Link to={sitePath(clip.url)}>{clip.title || 'Untitled clip'}</Link>
        {clip.user ? (
          <Link className="clip-creator" to={`/${clip.user.username}`}>
            @{clip.user.username}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
