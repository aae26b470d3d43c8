/** Where the caption sits in the frame. */
export type CaptionPosition = 'top' | 'middle' | 'bottom';
/** How the caption arrives at the start of each loop. */
export type CaptionAnimation = 'none' | 'fade' | 'slide' | 'pop' | 'type';
export type CaptionSize = 'small' | 'medium' | 'large';

export interface Caption {
  text: string;
  /** A CSS font family list (one of CAPTION_FONTS' values). */
  font: string;
  size: CaptionSize;
  color: string;
  /** The outline's colour; width 0 draws none. */
  outlineColor: string;
  outlineWidth: 0 | 1 | 2;
  position: CaptionPosition;
  animation: CaptionAnimation;
}

/** The picture's shape: the clip's own, or a centred window moved along by `offset`. */
export type CropAspect = 'original' | '1:1' | '4:3' | '16:9' | '9:16';
export interface Crop {
  aspect: CropAspect;
  /** 0 to 1: where the window sits along the side that is cut (0.5 centred). */
  offset: number;
}

/** A sticker on the picture: centre and width as shares of the output's size. */
export interface StickerPlacement {
  key: number;
  gifId: string;
  title: string;
  /** The animated image the sticker is drawn from (fetched once, decoded to frames). */
  url: string;
  x: number;
  y: number;
  width: number;
  /** Height over width of the sticker's picture. */
  aspect: number;
}

/** Everything the drawing function needs besides the source frame and the time. */
export interface Scene {
  crop: Crop;
  caption: Caption;
  stickers: StickerPlacement[];
}

/** The span of the clip the GIF loops over, and how fast it plays. */
export interface Timing {
  start: number;
  end: number;
  /** Playback rate: 2 plays the span in half the time. */
  speed: number;
}

export const CAPTION_FONTS: { label: string; value: string }[] = [
  { label: 'Bold', value: 'Impact, "Arial Black", "DejaVu Sans", sans-serif' },
  { label: 'Sans', value: 'Helvetica, Arial, "DejaVu Sans", sans-serif' },
  { label: 'Serif', value: 'Georgia, "Times New Roman", "DejaVu Serif", serif' },
  { label: 'Mono', value: '"Courier New", "DejaVu Sans Mono", monospace' },
];

export const defaultCaption: Caption = {
  text: '',
  font: CAPTION_FONTS[0]!.value,
  size: 'medium',
  color: '#ffffff',
  outlineColor: '#000000',
  outlineWidth: 1,
  position: 'bottom',
  animation: 'none',
};

export const defaultScene: Scene = {
  crop: { aspect: 'original', offset: 0.5 },
  caption: defaultCaption,
  stickers: [],
};

/** GIPHY's maker's output: at most 480 px a side, 15 frames a second. */
export const MAX_OUTPUT_SIDE = 480;
export const OUTPUT_FPS = 15;
export const SPEEDS = [0.5, 1, 1.5, 2] as const;
