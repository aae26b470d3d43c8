import type { Gif } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { useEffect, useState } from 'react';
import { useIdle } from './use-idle.ts';
import './backdrop.css';

/** How long each GIF stays, and how long without the pointer before the controls hide. */
export const SHOW_EACH_MS = 8000;
export const HIDE_CONTROLS_AFTER_MS = 3000;

/**
 * GIFs one after another over the whole window, each looping for SHOW_EACH_MS, the list
 * starting again after the last. Controls (and the cursor) fade after a moment without the
 * pointer; keys work whether they show or not: → and ← step, space pauses, Escape leaves.
 */
export function Backdrop({
  gifs,
  title,
  shareUrl,
  onExit,
}: {
  gifs: Gif[];
  title: string;
  shareUrl: string;
  onExit: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [copied, setCopied] = useState(false);
  const idle = useIdle(HIDE_CONTROLS_AFTER_MS);
  const step = (by: number) => setIndex((i) => (i + by + gifs.length) % gifs.length);

  useEffect(() => {
    if (paused || gifs.length < 2) return;
    const timer = setTimeout(() => step(1), SHOW_EACH_MS);
    return () => clearTimeout(timer);
    // Restarts on every change of GIF, so a step by hand gets its full time too.
  }, [index, paused, gifs.length]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === ' ' && event.target === document.body) setPaused((p) => !p);
      else if (event.key === 'Escape' && !document.fullscreenElement) onExit();
      else return;
      if (event.key === ' ') event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [gifs.length, onExit]);

  const gif = gifs[index % gifs.length];
  return (
    <div className={`backdrop${idle ? ' idle' : ''}`} data-testid="backdrop">
      {gif ? <BackdropGif key={gif.id} gif={gif} /> : null}
      <div className="backdrop-controls" aria-hidden={idle ? 'true' : undefined}>
        <h1>{title}</h1>
        <p aria-live="polite">
          {gifs.length ? `${(index % gifs.length) + 1} of ${gifs.length}` : 'No GIFs to show.'}
          {gif ? ` — ${gif.title || 'Untitled'}` : null}
        </p>
        <div className="backdrop-buttons">
          <button type="button" onClick={() => step(-1)} disabled={gifs.length < 2}>
            Previous
          </button>
          <button type="button" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
            {paused ? 'Play' : 'Pause'}
          </button>
          <button type="button" onClick={() => step(1)} disabled={gifs.length < 2}>
            Next
          </button>
          <button
            type="button"
            onClick={() =>
              void document.documentElement.requestFullscreen?.().catch(() => undefined)
            }
          >
            Full screen
          </button>
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(shareUrl)
                .then(() => setCopied(true))
                .catch(() => undefined)
            }
          >
            {copied ? 'Link copied' : 'Copy link'}
          </button>
          <button type="button" onClick={onExit}>
            Exit
          </button>
        </div>
      </div>
    </div>
  );
}

/** One GIF covering the window: its looping MP4, or a sticker's animated image. */
function BackdropGif({ gif }: { gif: Gif }) {
  const original = gif.images.original;
  const alt = gifAltText(gif);
  if (original?.mp4 && !gif.is_sticker)
    return (
      <video
        className="backdrop-media"
        src={original.mp4}
        autoPlay
        loop
        muted
        playsInline
        aria-label={alt}
      />
    );
  return <img className="backdrop-media sticker" src={original?.webp ?? original?.url} alt={alt} />;
}
