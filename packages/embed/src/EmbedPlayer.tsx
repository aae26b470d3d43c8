import { useState } from 'react';
import { Attribution } from './Attribution.tsx';
import { altOf, mediaHtml } from './media-html.ts';
import type { EmbedPlayerProps } from './player-props.ts';
import { ShareMenu } from './ShareMenu.tsx';

/**
 * The embedded player. Everything a visitor first sees is in the server's HTML: the GIF (as a
 * link to its page, so it works with scripts off), the logo header and the attribution footer,
 * which CSS shows on hover and hides in frames under 250x199. Hydration adds the share menu.
 */
export function EmbedPlayer({ gif, site, options }: EmbedPlayerProps) {
  const [sharing, setSharing] = useState(false);
  const chrome = !options.hideChrome;
  return (
    <div className={`player${sharing ? ' sharing' : ''}${chrome ? '' : ' no-chrome'}`}>
      {gif.video ? (
        // A clip has its own controls: clicks must reach them, not open the page.
        <div className="media-link" dangerouslySetInnerHTML={{ __html: mediaHtml(gif, options) }} />
      ) : (
        <a
          className="media-link"
          href={gif.url}
          target="_blank"
          rel="noopener"
          title={altOf(gif)}
          dangerouslySetInnerHTML={{ __html: mediaHtml(gif, options) }}
        />
      )}
      {chrome ? (
        <>
          <header className="chrome header">
            <a className="logo" href={site.url} target="_blank" rel="noopener">
              {site.name}
            </a>
            <button
              type="button"
              className="share-toggle"
              aria-expanded={sharing}
              onClick={() => setSharing(!sharing)}
            >
              Share
            </button>
          </header>
          {sharing ? null : (
            <footer className="chrome footer">
              <Attribution user={gif.user} />
            </footer>
          )}
          {sharing ? <ShareMenu gif={gif} onClose={() => setSharing(false)} /> : null}
        </>
      ) : null}
    </div>
  );
}
