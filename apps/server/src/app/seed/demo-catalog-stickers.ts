import type {
  DemoAspect,
  DemoMood,
  DemoPalette,
  DemoRating,
  DemoSpeed,
  DemoStickerScene,
} from './demo-catalog-types.ts';

/** Optional per-row overrides; anything left out gets the catalog's defaults. */
export interface DemoStickerExtra {
  rating?: DemoRating;
  speed?: DemoSpeed;
  aspect?: DemoAspect;
  mood?: DemoMood;
  format?: 'gif' | 'webp';
}

/** One sticker as a compact row: title, space-separated tags, scene, palette, overrides. */
export type DemoStickerRow = [
  title: string,
  tags: string,
  scene: DemoStickerScene,
  palette: DemoPalette,
  extra?: DemoStickerExtra,
];

/**
 * Sticker rows by uploader; tags share the GIFs' vocabulary so related tags cross kinds. Those
 * tagged `emoji` are GIPHY's emoji set (`/v1/emoji`); the faces share `face`, so each has
 * variations (`/v2/emoji/{id}/variations`).
 */
export const demoStickerRows: Readonly<Record<string, readonly DemoStickerRow[]>> = {
  sticker_sam: [
    ['Floating Heart', 'love heart red cute emoji', 'heart', 'berry'],
    ['Heart Pop', 'love heart pink pop', 'heart', 'pastel', { format: 'webp' }],
    ['Spinning Star', 'star spin gold awesome emoji', 'star', 'gold'],
    ['Gold Star Award', 'star award proud yes yellow', 'star', 'citrus', { speed: 'slow' }],
    ['Happy Face', 'happy smile face yay emoji', 'face', 'citrus', { mood: 'happy' }],
    ['Winking Face', 'wink flirty face smile emoji', 'face', 'candy', { mood: 'wink' }],
    ['Sad Face', 'sad face crying blue emoji', 'face', 'ocean', { mood: 'sad', speed: 'slow' }],
    ['Shocked Face', 'surprised shocked omg face emoji', 'face', 'mint', { mood: 'surprised' }],
    ['Check Yes', 'yes check done approve green emoji', 'check', 'forest'],
    ['Nope Cross', 'no nope cross red emoji', 'cross', 'fire'],
    ['Party Balloon', 'balloon party birthday red', 'balloon', 'candy', { aspect: 'portrait' }],
    ['Balloon Bunch', 'balloon birthday celebrate pastel', 'balloon', 'pastel'],
    ['Spinning Flower', 'flower spring cute pink', 'flower', 'berry'],
    ['Sunflower Spin', 'flower sunflower yellow happy', 'flower', 'citrus'],
  ],
  pixelpaloma: [
    ['Wobbly Blob', 'blob wobble cute green', 'blob', 'mint', { mood: 'happy' }],
    ['Grumpy Blob', 'angry grumpy blob red', 'blob', 'fire', { mood: 'grumpy', rating: 'pg' }],
    ['Cat Head Bob', 'cat cute animal nod', 'cat-head', 'citrus', { format: 'webp' }],
    ['Smug Cat', 'cat smug wink animal', 'cat-head', 'mono', { mood: 'wink' }],
  ],
  neon_narwhal: [
    ['Sparkle Shine', 'sparkle shine magic wow', 'sparkle', 'gold'],
    ['Magic Sparkles', 'magic sparkle pastel cute', 'sparkle', 'pastel', { format: 'webp' }],
    [
      'Rainbow Arc',
      'rainbow pride happy colourful',
      'rainbow',
      'neon',
      { format: 'webp', aspect: 'landscape' },
    ],
    ['Comic Boom', 'boom comic wow explosion', 'burst', 'fire', { rating: 'pg' }],
    ['Pow Burst', 'pow comic burst yellow', 'burst', 'citrus', { speed: 'fast' }],
  ],
};
