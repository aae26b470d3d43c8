import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
} from 'react';
import type { Gif as GifObject, GifUser } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { attributionAvatarUrl, randomDefaultAvatar } from './attribution-avatar.ts';
import { tilePicture, WEBP_TYPE } from './best-rendition.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';
import { randomBrandColor } from './colors.ts';
import { HOVER_AFTER_MS, pingback, positionOf, type LayoutType } from './pingback.ts';
import type { TileOptions } from './tile-options.ts';

/** A 1x1 transparent GIF: what a tile shows until it scrolls into view. */
export const PLACEHOLDER =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const CHECKERBOARD = 'repeating-conic-gradient(#3a3a3a 0 25%, #2a2a2a 0 50%) 0 0 / 16px 16px';

export interface GifProps extends TileOptions {
  gif: GifObject;
  width: number;
  /** Defaults to the width times the GIF's aspect ratio. */
  height?: number;
  className?: string;
  /** Which layout the tile is in, for its pingbacks. */
  layoutType?: LayoutType;
}

/** The tile's height for a width, from the GIF's own proportions. */
export function heightFor(gif: GifObject, width: number): number {
  const r = gif.images.fixed_width ?? gif.images.original;
  const ratio = Number(r?.height ?? 1) / Number(r?.width ?? 1) || 1;
  return Math.round(width * ratio);
}

/**
 * One GIF tile: a link to the GIF (unless noLink) with its best-fitting rendition (WebP
 * source, GIF fallback), loaded only once in view; radius 4; a checkerboard behind stickers and
 * a random brand colour behind others; the uploader on hover unless hidden.
 */
export function Gif(props: GifProps) {
  const { gif, width } = props;
  const height = props.height ?? heightFor(gif, width);
  const [inView, setInView] = useState(false);
  const [onScreenAtMount, setOnScreenAtMount] = useState(false);
  const [hover, setHover] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const layout = props.layoutType ?? 'GRID';
  const userId = props.user?.id;
  // The latest callbacks, for observers that outlive a render.
  const latest = useRef(props);
  latest.current = props;
  const [color] = useState(randomBrandColor);
  const root = useRef<HTMLElement>(null);
  // A tile already on screen when it mounts gets its image in the first paint, not a frame
  // later when the observer first reports (a server-rendered page's GIFs blinked to the
  // placeholder when the site took over).
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    if (box && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth)
      setOnScreenAtMount(true);
  }, []);
  useEffect(() => {
    const element = root.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.find((e) => e.isIntersecting);
      if (!entry) return;
      setInView(true);
      latest.current.onGifVisible?.(gif, entry);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, gif]);

  // Seen: at least 99% visible after its image has loaded, reported once per GIF.
  useEffect(() => {
    const element = root.current;
    if (!element || !loaded) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((e) => e.intersectionRatio >= 0.99);
        if (!entry) return;
        pingback(gif, 'SEEN', positionOf(element, layout), userId);
        latest.current.onGifSeen?.(gif, entry.boundingClientRect);
        observer.disconnect();
      },
      { threshold: [0.99, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded, gif, layout, userId]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // prefers-reduced-motion: a still until the tile is hovered or focused.
  const [focused, setFocused] = useState(false);
  const reduceMotion = usePrefersReducedMotion();
  const showImage = inView || onScreenAtMount;
  // The tile's own width as `sizes`: the browser picks the rendition as it did for the
  // server's markup of the same tile (same srcsets, TILE_SIZES there), so nothing is fetched
  // again when the site takes over.
  const sizes = `${width}px`;
  const still = reduceMotion && !hover && !focused;
  const picture = (still && tilePicture(gif, sizes, { still })) || tilePicture(gif, sizes);
  const style: CSSProperties = {
    position: 'relative',
    display: 'block',
    width,
    height,
    overflow: 'hidden',
    borderRadius: props.borderRadius ?? 4,
    background: gif.is_sticker ? CHECKERBOARD : color,
  };
  const shown = showImage ? picture : undefined;
  const image = (
    <picture>
      {shown?.webp ? <source type={WEBP_TYPE} {...shown.webp} /> : null}
      <img
        src={shown ? shown.img.src : PLACEHOLDER}
        srcSet={shown?.img.srcSet}
        sizes={shown?.img.sizes}
        alt={gifAltText(gif)}
        width={width}
        height={height}
        style={{ display: 'block', width, height, objectFit: 'cover' }}
        onLoad={() => {
          if (showImage) setLoaded(true);
        }}
      />
    </picture>
  );
  const user = gif.user;
  const attribution =
    !props.hideAttribution && hover && user ? (
      <Attribution gif={gif} user={user} onUserClick={props.onUserClick} />
    ) : null;
  const common = {
    className: ['jiffy-gif', props.className].filter(Boolean).join(' '),
    'data-gif-id': gif.id,
    style,
    tabIndex: props.tabIndex ?? 0,
    onPointerEnter: (event: React.PointerEvent) => {
      setHover(true);
      props.onGifHover?.(gif, event);
      const element = event.currentTarget;
      hoverTimer.current = setTimeout(
        () => pingback(gif, 'HOVER', positionOf(element, layout), userId),
        HOVER_AFTER_MS,
      );
    },
    onPointerLeave: () => {
      setHover(false);
      clearTimeout(hoverTimer.current);
    },
    onClick: (event: MouseEvent) => {
      pingback(gif, 'CLICK', positionOf(event.currentTarget, layout), userId);
      props.onGifClick?.(gif, event);
    },
    onContextMenu: (event: MouseEvent) => props.onGifRightClick?.(gif, event),
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
  return props.noLink ? (
    <div
      {...common}
      ref={root as React.RefObject<HTMLDivElement>}
      role="button"
      aria-label={gifAltText(gif)}
      onKeyDown={(event) => {
        props.onGifKeyPress?.(gif, event);
        // A button's keys: Enter and Space activate it, as a click would.
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      {image}
      {attribution}
    </div>
  ) : (
    <a
      {...common}
      ref={root as React.RefObject<HTMLAnchorElement>}
      href={gif.url}
      aria-label={gifAltText(gif)}
      onKeyDown={(event) => props.onGifKeyPress?.(gif, event)}
    >
      {image}
      {attribution}
    </a>
  );
}

/**
 * Hover attribution: avatar (80 px variant, or a default one), display name or @username,
 * the 14 px verified badge.
 */
function Attribution({
  gif,
  user,
  onUserClick,
}: {
  gif: GifObject;
  user: GifUser;
  onUserClick?: ((user: GifUser) => void) | undefined;
}) {
  const [defaultAvatar] = useState(randomDefaultAvatar);
  const avatar = attributionAvatarUrl(gif, user, defaultAvatar);
  return (
    <span
      className="jiffy-attribution"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (onUserClick) onUserClick(user);
        else window.open(user.profile_url, '_blank', 'noopener');
      }}
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 75,
        display: 'flex',
        alignItems: 'flex-end',
        gap: 6,
        padding: 6,
        boxSizing: 'border-box',
        color: '#fff',
        font: '600 13px system-ui, sans-serif',
        background: 'linear-gradient(transparent, rgba(0,0,0,0.6))',
        cursor: 'pointer',
      }}
    >
      {avatar ? (
        <img src={avatar} alt="" width={24} height={24} style={{ borderRadius: 2 }} />
      ) : null}
      <span>{user.display_name || `@${user.username}`}</span>
      {user.is_verified ? (
        <svg width={14} height={14} viewBox="0 0 16 16" role="img" aria-label="verified">
          <circle cx="8" cy="8" r="8" fill="#15cdff" />
          <path d="M4.5 8.2l2.2 2.2 4.8-4.8" fill="none" stroke="#121212" strokeWidth="2" />
        </svg>
      ) : null}
    </span>
  );
}
