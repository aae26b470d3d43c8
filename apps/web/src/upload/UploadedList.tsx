import { gifAltText } from '@jiffy/contracts/alt-text';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { UploadItem } from './use-upload-queue.ts';

/**
 * What this visit uploaded, newest batch last: each GIF's still and a link to its page (an
 * upload held for a moderator has no page yet), and the channel they are all on. Its heading
 * takes focus after a batch, so the result is on screen and read out.
 */
export function UploadedList(props: {
  items: UploadItem[];
  username: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const ready = props.items.filter((item) => item.phase === 'ready').length;
  return (
    <section className="uploaded" aria-labelledby="uploaded-heading">
      <h2 id="uploaded-heading" ref={props.headingRef} tabIndex={-1}>
        Uploaded
      </h2>
      <ul className="uploaded-list">
        {props.items.map((item) => {
          const gif = item.gif;
          const still = gif?.images.fixed_width_small_still ?? gif?.images.fixed_width_still;
          return (
            <li key={item.key}>
              {gif && still ? (
                <img
                  src={still.url}
                  width={Number(still.width)}
                  height={Number(still.height)}
                  alt={gifAltText(gif)}
                />
              ) : null}
              {item.phase === 'ready' && gif ? (
                <Link to={`/gifs/${gif.slug}`}>Open “{gif.title || 'Untitled'}”</Link>
              ) : (
                <span>
                  {item.label}: <span className="muted">waiting for a moderator’s approval</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {ready ? (
        <p>
          {ready === 1 ? 'Your upload is' : `${ready} uploads are`} on{' '}
          <Link to={`/${props.username}`}>your channel</Link>.
        </p>
      ) : null}
    </section>
  );
}
