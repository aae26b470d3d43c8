import type { Gif, ShareType } from '@jiffy/contracts';
import { embedCode } from '@jiffy/embed/embed-code';
import { useId } from 'react';
import { recordShare } from '../api/share-events.ts';
import { CopyField } from './CopyField.tsx';
import { EmailGif } from './EmailGif.tsx';

/** The sharing networks, each with its share type (counted) and share address for a page URL. */
const NETWORKS: [string, ShareType, (u: string) => string][] = [
  ['Facebook', 'facebook', (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}`],
  ['Twitter', 'twitter', (u) => `https://twitter.com/intent/tweet?url=${u}`],
  ['Tumblr', 'tumblr', (u) => `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}`],
  ['Pinterest', 'pinterest', (u) => `https://pinterest.com/pin/create/button/?url=${u}`],
  ['Reddit', 'reddit', (u) => `https://www.reddit.com/submit?url=${u}`],
];

/**
/**
 * Share a GIF: on social networks, its link and its embed code, each with Copy, and by
 * e-mail. A story page has one per GIF, so each names itself with its own heading id.
 */
export function SharePanel({ gif, heading = 'Share' }: { gif: Gif; heading?: string }) {
  const headingId = useId();
  const url = encodeURIComponent(gif.url);
  const fields: [string, string, ShareType][] = [
    ['Link', gif.url, 'link'],
    ['Embed code', embedCode(gif), 'embed'],
  ];
  return (
    <section className="share" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul className="networks">
        {NETWORKS.map(([name, type, link]) => (
          <li key={name}>
            <a
              href={link(url)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => recordShare(gif.id, type)}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
      {fields.map(([label, value, type]) => (
        <CopyField
          key={label}
          label={label}
          value={value}
          onCopy={() => recordShare(gif.id, type)}
        />
      ))}
      <EmailGif gif={gif} />
    </section>
  );
}
