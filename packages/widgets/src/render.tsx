import { createRoot } from 'react-dom/client';
import { Carousel, type CarouselProps } from './Carousel.tsx';
import { Gif, type GifProps } from './Gif.tsx';
import { Grid, type GridProps } from './Grid.tsx';

/** §1 vanilla entry points: render into `target`; the returned function unmounts cleanly. */
function mount(element: React.ReactNode, target: Element): () => void {
  const root = createRoot(target);
  root.render(element);
  return () => root.unmount();
}

export const renderGrid = (props: GridProps, target: Element): (() => void) =>
  mount(<Grid {...props} />, target);

export const renderGif = (props: GifProps, target: Element): (() => void) =>
  mount(<Gif {...props} />, target);

export const renderCarousel = (props: CarouselProps, target: Element): (() => void) =>
  mount(<Carousel {...props} />, target);
