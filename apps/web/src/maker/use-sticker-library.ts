import type { Gif } from '@jiffy/contracts';
import { useRef, useState } from 'react';
import type { StickerPlacement } from './scene.ts';
import { loadStickerFrames, type StickerFrames } from './sticker-frames.ts';
import { NEW_STICKER } from './sticker-placement.ts';
import { stickerImageUrl } from './StickerPicker.tsx';

/**
 * The stickers a picture can use: choosing one from the picker fetches and decodes it once
 * (kept by its URL), then hands `onPlaced` a new placement in the middle of the picture. The
 * GIF maker and the scene page (`/ar-scenes`) both place stickers through this.
 */
export function useStickerLibrary(onPlaced: (placement: StickerPlacement) => void) {
  const [frames, setFrames] = useState<ReadonlyMap<string, StickerFrames>>(new Map());
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState('');
  const nextKey = useRef(1);

  const add = async (gif: Gif) => {
    const url = stickerImageUrl(gif);
    setAdding(true);
    setError('');
    try {
      const decoded = frames.get(url) ?? (await loadStickerFrames(url));
      setFrames((known) => new Map(known).set(url, decoded));
      onPlaced({
        key: nextKey.current++,
        gifId: gif.id,
        title: gif.title,
        url,
        ...NEW_STICKER,
        aspect: decoded.height / decoded.width,
      });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setAdding(false);
    }
  };

  return { frames, add, adding, error };
}
