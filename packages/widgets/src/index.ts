export { Gif, heightFor, type GifProps } from './Gif.tsx';
export { Grid, GRID_FETCH_DEBOUNCE_MS, type GridProps } from './Grid.tsx';
export { renderCarousel, renderGif, renderGrid, renderVideo } from './render.tsx';
export {
  Carousel,
  CAROUSEL_FETCH_DEBOUNCE_MS,
  CAROUSEL_GUTTER,
  type CarouselProps,
} from './Carousel.tsx';
export { Video, type VideoProps } from './video/Video.tsx';
export type { VideoCallbacks, VideoState } from './video/use-video-playback.ts';
export type { VideoErrorCode } from './video/video-errors.ts';
export type { Quartile } from './video/playback-rules.ts';
export type { TileCallbacks, TileOptions } from './tile-options.ts';
export { masonry } from './masonry.ts';
export { pingback, type PingbackAction } from './pingback.ts';
