import { useCallback, useEffect, useRef, useState } from 'react';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { track } from './analytics.ts';
import { Attribution } from './Attribution.tsx';
import { ClipSeek } from './ClipSeek.tsx';
import { mediaHtml } from './media-html.ts';
import type { EmbedPlayerProps } from './player-props.ts';
import { RelatedGrid } from './RelatedGrid.tsx';
import { ShareMenu } from './ShareMenu.tsx';
import { useHover } from './use-hover.ts';
import { VideoSiteView } from './VideoSiteView.tsx';
import { trackedUrl } from './tracked-url.ts';

/** The header is 72 px; the footer peeks by that plus the first row of related GIFs. */
const HEADER_OFFSET = 72;
/** The ready flag is set when the entry animation ends, or after 700 ms at the latest. */
const READY_AFTER_MS = 700;

/**
 * The embedded player. Everything a visitor first sees is in the server's HTML: the GIF (as a
 * link to its page, so it works with scripts off), the logo header and the attribution footer
 * (CSS shows them on hover until the script takes over, and hides them in frames under
 * 250x199). Hydration adds the hover timings, the share menu, the related grid (created on the
 * first hover) with the call to action below it, and the analytics events.
 */
export function EmbedPlayer({ gif, site, options, apiKey }: EmbedPlayerProps) {
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);
  const [sharing, setSharing] = useState(false);
  const shareToggle = useRef<HTMLButtonElement>(null);
  const [watching, setWatching] = useState(false);
  const [paused, setPaused] = useState(!options.autoplay);
  // A clip plays muted unless the embedder asked otherwise (media-html.ts); the Unmute button
  // and the clip's own controls change that.
  const [muted, setMuted] = useState(options.muted);
  const [mobileFooter, setMobileFooter] = useState(false);
  const [gridWanted, setGridWanted] = useState(false);
  const [gridActive, setGridActive] = useState(false);
  const [firstRow, setFirstRow] = useState(0);
  const scrolled = useRef(false);
  const footer = useRef<HTMLDivElement>(null);
  const chrome = !options.hideChrome;
  const external = gif.external_media;
  const provider = external?.provider_name === 'youtube' ? 'Youtube' : 'Vimeo';
  const canWatch = external !== undefined && !options.hideVideo;
  const pageUrl = trackedUrl(gif.url, options.trackingQuery);
  // A clip as the media markup plays it: its file with sound (media-html.ts).
  const isClip = gif.video?.assets.source !== undefined;
  const toggleSound = () => {
    const video = document.querySelector<HTMLVideoElement>('video.media');
    if (!video) return;
    video.muted = !video.muted;
    // Not a Click: the dashboard counts clicks as visits to the GIF, which this is not.
    track(gif.id, 'Sound', video.muted ? 'Mute' : 'Unmute');
    // Asking for sound is asking to hear it: a clip that is not playing starts.
    if (!video.muted && video.paused) {
      void video.play().then(
        () => setPaused(false),
        () => undefined,
      );
    }
  };
  const togglePlay = () => {
    track(gif.id, 'Click', 'Pause');
    const video = document.querySelector<HTMLVideoElement>('video.media');
    if (video) {
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
      setPaused(video.paused);
    } else setPaused(!paused); // a still image gets a paused marker
  };
  const onMediaClick = (event: { preventDefault(): void }) => {
    // On phones, tapping an image that has a source video opens the footer instead.
    if (external && window.matchMedia('(hover: none)').matches) {
      event.preventDefault();
      setMobileFooter(!mobileFooter);
      return;
    }
    track(gif.id, 'Click', 'Image');
  };
  const { hover, onPointerEnter, onPointerLeave } = useHover({
    gridActive,
    onLeave: () => {
      footer.current?.scrollTo({ top: 0 });
      setGridActive(false);
    },
  });

  useEffect(() => {
    // A view of the GIF through an embed: the creator dashboard's 'embed' source.
    track(gif.id, 'View', 'Load');
    setLive(true);
    const timer = setTimeout(() => setReady(true), READY_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const onFirstRow = useCallback((height: number) => setFirstRow(height), []);
  // The clip's own controls (the browser's, or a visitor's keys on them) change its sound too.
  useEffect(() => {
    const video = document.querySelector<HTMLVideoElement>('video.media');
    if (!isClip || !video) return;
    const follow = () => setMuted(video.muted);
    follow();
    video.addEventListener('volumechange', follow);
    return () => video.removeEventListener('volumechange', follow);
  }, [isClip, watching]);

  const enter = () => {
    onPointerEnter();
    if (!gridWanted && chrome) {
      setGridWanted(true);
      track(gif.id, 'Hover', 'Image');
    }
  };
  const onFooterScroll = () => {
    const box = footer.current;
    if (!box) return;
    setGridActive(box.scrollTop > 0);
    if (box.scrollTop > 0 && !scrolled.current) {
      scrolled.current = true;
      track(gif.id, 'SCROLL GRID', gif.id);
    }
  };

  const classes = [
    'player',
    live ? 'live' : '',
    ready ? 'ready' : '',
    hover || sharing ? 'hover' : '',
    sharing ? 'sharing' : '',
    gridActive ? 'grid-active' : '',
    paused ? 'paused' : '',
    external ? 'has-source-video' : '',
    mobileFooter ? 'mobile-footer-open' : '',
    chrome ? '' : 'no-chrome',
  ].filter(Boolean);
  // The footer's content starts low enough that only attribution and the first row show.
  const peek = `calc(100vh - ${HEADER_OFFSET + firstRow}px)`;
  return (
    <div
      className={classes.join(' ')}
      onPointerEnter={enter}
      onPointerLeave={onPointerLeave}
      onAnimationEnd={() => setReady(true)}
    >
      {watching && external ? (
        <VideoSiteView
          media={external}
          onBack={() => {
            track(gif.id, 'Click', 'Back to GIF');
            setWatching(false);
          }}
        />
      ) : gif.video ? (
        // A clip has its own controls: clicks must reach them, not open the page.
        <div className="media-link" dangerouslySetInnerHTML={{ __html: mediaHtml(gif, options) }} />
      ) : (
        <a
          className="media-link"
          href={pageUrl}
          target="_blank"
          rel="noopener"
          title={gifAltText(gif)}
          onClick={onMediaClick}
          dangerouslySetInnerHTML={{ __html: mediaHtml(gif, options) }}
        />
      )}
      {chrome && !watching ? (
        <>
          <header className="chrome header">
            <a className="logo" href={site.url} target="_blank" rel="noopener">
              {site.name}
            </a>
            <button
              ref={shareToggle}
              type="button"
              className="share-toggle"
              aria-expanded={sharing}
              onClick={() => {
                track(gif.id, 'Click', 'Share');
                setSharing(!sharing);
              }}
            >
              Share
            </button>
          </header>
          {sharing ? null : (
            <div className="chrome footer" ref={footer} onScroll={onFooterScroll}>
              <div className="footer-content" style={live ? { marginTop: peek } : undefined}>
                <div className="footer-bar" onClick={() => track(gif.id, 'Click', 'Attribution')}>
                  <Attribution user={gif.user} />
                  {options.trackingQuery ? (
                    <button
                      type="button"
                      className="play-pause"
                      aria-pressed={paused}
                      onClick={(event) => {
                        event.stopPropagation();
                        togglePlay();
                      }}
                    >
                      {paused ? 'Play' : 'Pause'}
                    </button>
                  ) : null}
                  {isClip ? <ClipSeek /> : null}
                  {isClip ? (
                    // The clip's own controls sit under this footer, which covers them while
                    // the pointer is over the player: its sound is switched here.
                    <button
                      type="button"
                      className="sound"
                      aria-pressed={muted}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggleSound();
                      }}
                    >
                      {muted ? 'Unmute' : 'Mute'}
                    </button>
                  ) : null}
                  {canWatch ? (
                    <button
                      type="button"
                      className="watch"
                      onClick={(event) => {
                        event.stopPropagation();
                        track(gif.id, 'Click', `Play ${provider}`);
                        setWatching(true);
                      }}
                    >
                      Watch
                    </button>
                  ) : null}
                  <a className="view-on" href={pageUrl} target="_blank" rel="noopener">
                    View on {site.name}
                  </a>
                </div>
                {gridWanted ? (
                  <RelatedGrid gif={gif} apiKey={apiKey} onFirstRow={onFirstRow} />
                ) : null}
              </div>
            </div>
          )}
          {sharing ? (
            <ShareMenu
              gif={gif}
              trackingQuery={options.trackingQuery}
              onEvent={(action, label) => track(gif.id, action, label)}
              onClose={(giveFocusBack) => {
                setSharing(false);
                if (giveFocusBack) shareToggle.current?.focus();
              }}
            />
          ) : null}
          <a
            className="chrome cta"
            href={site.url}
            target="_blank"
            rel="noopener"
            onClick={() => track(gif.id, 'Click', 'View More CTA')}
          >
            Continue watching on {site.name}
          </a>
        </>
      ) : null}
    </div>
  );
}
