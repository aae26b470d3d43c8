export { Gif, heightFor, type GifProps } from './Gif.tsx';
export { Grid, GRID_FETCH_DEBOUNCE_MS, type GridProps } from './Grid.tsx';
export { renderCarousel, renderGif, renderGrid } from './render.tsx';
export {
  Carousel,
  CAROUSEL_FETCH_DEBOUNCE_MS,
  CAROUSEL_GUTTER,
  type CarouselProps,
} from './Carousel.tsx';
export { masonry } from './masonry.ts';
