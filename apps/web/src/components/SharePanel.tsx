import type { Gif } from '@jiffy/contracts';
import { embedCode } from '@jiffy/embed/embed-code';
import { CopyField } from './CopyField.tsx';

/** §9 sharing networks, each with its share address for a page URL. */
const NETWORKS = [
  ['Facebook', (u: string) => `https://www.facebook.com/sharer/sharer.php?u=${u}`],
  ['Twitter', (u: string) => `https://twitter.com/intent/tweet?url=${u}`],
  ['Tumblr', (u: string) => `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}`],
  ['Pinterest', (u: string) => `https://pinterest.com/pin/create/button/?url=${u}`],
  ['Reddit', (u: string) => `https://www.reddit.com/submit?url=${u}`],
] as const;

/** Share a GIF: the social networks of §9, its link and its embed code, each with Copy. */
export function SharePanel({ gif }: { gif: Gif }) {
  const url = encodeURIComponent(gif.url);
  const fields = [
    ['Link', gif.url],
    ['Embed code', embedCode(gif)],
  ] as const;
  return (
    <section className="share" aria-labelledby="share-heading">
      <h2 id="share-heading">Share</h2>
      <ul className="networks">
        {NETWORKS.map(([name, link]) => (
          <li key={name}>
            <a href={link(url)} target="_blank" rel="noopener noreferrer">
              {name}
            </a>
          </li>
        ))}
      </ul>
      {fields.map(([label, value]) => (
        <CopyField key={label} label={label} value={value} />
      ))}
    </section>
  );
}
