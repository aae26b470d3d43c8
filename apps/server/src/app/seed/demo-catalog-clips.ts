import type {
  DemoGifScene,
  DemoMood,
  DemoPalette,
  DemoRating,
  DemoShape,
  DemoSound,
  DemoSpeed,
} from './demo-catalog-types.ts';

/** Optional per-row overrides; anything left out gets the catalog's defaults. */
export interface DemoClipExtra {
  rating?: DemoRating;
  speed?: DemoSpeed;
  shape?: DemoShape;
  mood?: DemoMood;
}

/**
 * One clip as a compact row: title, space-separated tags, scene, palette, soundtrack, length
 * in seconds, overrides. Every clip is tagged `sound` (and most `music`) so they find each
 * other, and shares a scene word with the GIFs so related tags cross kinds.
 */
export type DemoClipRow = [
  title: string,
  tags: string,
  scene: DemoGifScene,
  palette: DemoPalette,
  sound: DemoSound,
  seconds: number,
  extra?: DemoClipExtra,
];

/**
 * Clip rows by uploader. Few on purpose: each one is drawn frame by frame and encoded to
 * H.264 + AAC, then transcoded by the pipeline, which costs far more than a GIF.
 */
export const demoClipRows: Readonly<Record<string, readonly DemoClipRow[]>> = {
  neon_narwhal: [
    ['Beat Drop Equalizer', 'music beats party sound dance', 'equalizer', 'neon', 'beat', 4],
  ],
  calm_circuit: [
    ['Sunrise Chimes', 'sunrise calm morning sound music', 'sunrise', 'sunset', 'chimes', 5],
  ],
  pixelpaloma: [
    [
      'Bouncy Arpeggio',
      'bounce happy music sound yellow',
      'bounce',
      'citrus',
      'arpeggio',
      4,
      { shape: 'circle' },
    ],
  ],
  retro_rita: [
    ['Synth Wave Hum', 'wave retro synth sound calm', 'wave', 'retro', 'pad', 3, { speed: 'slow' }],
  ],
};
