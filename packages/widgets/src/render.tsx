import { createRoot, type Root } from 'react-dom/client';
import { Carousel, type CarouselProps } from './Carousel.tsx';
import { Gif, type GifProps } from './Gif.tsx';
import { Grid, type GridProps } from './Grid.tsx';
import { Video, type VideoProps } from './video/Video.tsx';

// One root per target: rendering into the same element again updates the widget in place
// (a new width, say) instead of stacking a second one.
const roots = new WeakMap<Element, Root>();

/** The vanilla entry points: render into `target`; the returned function unmounts cleanly. */
function mount(element: React.ReactNode, target: Element): () => void {
  let root = roots.get(target);
  if (!root) {
    root = createRoot(target);
    roots.set(target, root);
  }
  root.render(element);
  return () => {
    if (roots.get(target) !== root) return;
    roots.delete(target);
    root.unmount();
  };
}

export const renderGrid = (props: GridProps, target: Element): (() => void) =>
  mount(<Grid {...props} />, target);

export const renderGif = (props: GifProps, target: Element): (() => void) =>
  mount(<Gif {...props} />, target);

export const renderCarousel = (props: CarouselProps, target: Element): (() => void) =>
  mount(<Carousel {...props} />, target);

export const renderVideo = (props: VideoProps, target: Element): (() => void) =>
  mount(<Video {...props} />, target);
