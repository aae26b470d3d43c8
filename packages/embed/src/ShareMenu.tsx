import { useEffect, useRef } from 'react';
import type { Gif } from '@jiffy/contracts';
import { embedCode } from './embed-code.ts';
import { trackedUrl } from './tracked-url.ts';
import { useCopied } from './use-copied.ts';

/** Popup sizes: 480x480, and 750x350 for the microblog network. */
const networks = [
  ['Facebook', (u: string) => `https://www.facebook.com/sharer/sharer.php?u=${u}`, 480, 480],
  ['Twitter', (u: string) => `https://twitter.com/intent/tweet?url=${u}`, 750, 350],
  ['Pinterest', (u: string) => `https://pinterest.com/pin/create/button/?url=${u}`, 480, 480],
] as const;

/**
 * Favorite, social popups, read-only embed code and link with copy buttons, and close (its
 * button, or Escape; closed from the keyboard, the player gives the focus back to its Share
 * button).
 */
export function ShareMenu({
  gif,
  trackingQuery,
  onClose,
  onEvent,
}: {
  gif: Gif;
  trackingQuery: string;
  /** `giveFocusBack` when the menu was closed from the keyboard. */
  onClose: (giveFocusBack: boolean) => void;
  /** Analytics: an action and a label. */
  onEvent: (action: string, label: string) => void;
}) {
  const [copied, copyText] = useCopied<'code' | 'link'>();
  const copy = (what: 'code' | 'link', text: string) => {
    onEvent('Copy', what === 'code' ? 'Embed Code' : 'Link');
    void copyText(what, text);
  };
  // Opened, the menu takes the keyboard's focus (on its first control), as a dialog does.
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);
  const url = encodeURIComponent(gif.url);
  // The favorite link adds ref=fave to the tracking query.
  const favorite = trackedUrl(gif.url, trackingQuery, 'ref=fave');
  return (
    <div
      ref={menu}
      className="share-menu"
      role="dialog"
      aria-label="Share this GIF"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose(true);
      }}
    >
      {/* Close in the first row, beside Favorite: laid over the menu, it covered what was there. */}
      <div className="share-menu-top">
        <a
          className="favorite"
          href={favorite}
          target="_blank"
          rel="noopener"
          onClick={() => onEvent('Click', 'Favorite')}
        >
          Favorite
        </a>
        <button
          type="button"
          className="close"
          // A click by keyboard (no pointer: detail 0) gives the focus back; a mouse's does not,
          // or the player's chrome would stay shown for the focused Share button.
          onClick={(event) => onClose(event.detail === 0)}
          aria-label="Close share menu"
        >
          ×
        </button>
      </div>
      <div className="networks">
        {networks.map(([name, link, width, height]) => (
          <a
            key={name}
            href={link(url)}
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              event.preventDefault();
              onEvent('Social Sharing', name);
              window.open(link(url), name, `width=${width},height=${height}`);
            }}
          >
            {name}
          </a>
        ))}
      </div>
      <label>
        Embed code
        <input
          readOnly
          value={embedCode(gif)}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() => onEvent('Click', 'Embed Code')}
        />
      </label>
      <button type="button" onClick={() => copy('code', embedCode(gif))}>
        {copied === 'code' ? 'Copied' : 'Copy code'}
      </button>
      <label>
        Link
        <input
          readOnly
          value={gif.url}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() => onEvent('Click', 'Link')}
        />
      </label>
      <button type="button" onClick={() => copy('link', gif.url)}>
        {copied === 'link' ? 'Copied' : 'Copy link'}
      </button>
    </div>
  );
}
