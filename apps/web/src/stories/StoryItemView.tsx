import { GifMedia } from '../components/GifMedia.tsx';
import { SharePanel } from '../components/SharePanel.tsx';
import type { StoryItem } from './story-api.ts';

/**
 * One GIF of a story, full width, its caption under it, and its share links and embed code
 * folded away so they do not break the reading on a phone.
 */
export function StoryItemView({ item, index }: { item: StoryItem; index: number }) {
  const name = item.gif.title || `GIF ${index + 1}`;
  return (
    <li className="story-item">
      <figure>
        <GifMedia gif={item.gif} />
        {item.caption ? <figcaption>{item.caption}</figcaption> : null}
      </figure>
      {item.link ? (
        <p>
          <a href={item.link} rel="noopener noreferrer nofollow" target="_blank">
            {item.link}
          </a>
        </p>
      ) : null}
      <details className="story-share">
        <summary>Share {name}</summary>
        <SharePanel gif={item.gif} heading={`Share ${name}`} />
      </details>
    </li>
  );
}
