/**
 * The `limitInputPixels` handed to sharp for a file whose structure was already checked.
 * libvips counts every frame of an animation (width x height x pages), and its frame count can
 * differ a little from ours on odd files, so this leaves room; it is a backstop against a file
 * that is not what was probed, not the limit itself.
 */
export function pixelBudget(size: { width: number; height: number }, frames: number): number {
  return size.width * size.height * (frames * 2 + 16);
}
