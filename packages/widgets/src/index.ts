export { Gif, heightFor, type GifProps } from './Gif.tsx';
export { Grid, GRID_FETCH_DEBOUNCE_MS, type GridProps } from './Grid.tsx';
export { renderGif, renderGrid } from './render.tsx';
export { masonry } from './masonry.ts';
