import type { ChannelObject } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The header's frame: the channel's banner (a still, decorative) across the top, then the title
 * block (`children`) with the featured GIF beside it, which links to its GIF page.
 */
export function ChannelPictures(props: { channel: ChannelObject; children: ReactNode }) {
  const { banner_image: banner, featured_gif: featured } = props.channel;
  const caption = useId();
  const picture = featured?.images.fixed_height?.url ?? featured?.images.original?.url;
  return (
    <>
      {banner ? <img className="channel-banner" src={banner} alt="" /> : null}
      <header className="channel-header">
        {props.children}
        {featured && picture ? (
          <figure className="channel-featured" aria-labelledby={caption}>
            <Link to={`/gifs/${featured.slug}`}>
              <img src={picture} alt={gifAltText(featured)} height={120} />
            </Link>
            <figcaption id={caption}>Featured GIF</figcaption>
          </figure>
        ) : null}
      </header>
    </>
  );
}
