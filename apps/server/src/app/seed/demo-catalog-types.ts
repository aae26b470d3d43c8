/** Content rating, GIPHY's dialect: the rating filter hides everything above the requested one. */
export type DemoRating = 'g' | 'pg' | 'pg-13' | 'r';

/** The full set of ratings, lowest first, so validation and tests share one list. */
export const demoRatings: readonly DemoRating[] = ['g', 'pg', 'pg-13', 'r'];

/** A creator account the seed creates before uploading that creator's items. */
export interface DemoUser {
  /** Lowercase handle, `[a-z0-9_]`. */
  username: string;
  displayName: string;
  bio: string;
  isVerified: boolean;
}

/** Animated scenes for opaque GIFs (and clips, which loop one with sound). */
export type DemoGifScene =
  | 'bounce'
  | 'orbit'
  | 'spin'
  | 'pulse'
  | 'stripes'
  | 'gradient'
  | 'plasma'
  | 'wave'
  | 'confetti'
  | 'spiral'
  | 'checker'
  | 'heartbeat'
  | 'starfield'
  | 'equalizer'
  | 'loader'
  | 'fish'
  | 'cat'
  | 'fireworks'
  | 'rain'
  | 'sunrise';

/** Animated scenes for stickers: shapes floating on a fully transparent background. */
export type DemoStickerScene =
  | 'heart'
  | 'star'
  | 'face'
  | 'sparkle'
  | 'flower'
  | 'check'
  | 'cross'
  | 'burst'
  | 'balloon'
  | 'rainbow'
  | 'blob'
  | 'cat-head';

/** Named colour schemes; the renderer owns the actual colours. */
export type DemoPalette =
  | 'sunset'
  | 'ocean'
  | 'neon'
  | 'pastel'
  | 'forest'
  | 'candy'
  | 'fire'
  | 'mono'
  | 'retro'
  | 'midnight'
  | 'citrus'
  | 'berry'
  | 'mint'
  | 'gold';

/** Main shape for scenes that draw one (spin, bounce, confetti); each scene has a default. */
export type DemoShape = 'circle' | 'triangle' | 'square' | 'hexagon' | 'star' | 'heart';

/** Expression drawn by scenes that have a face (face, blob, cat-head). */
export type DemoMood = 'happy' | 'wink' | 'sad' | 'surprised' | 'grumpy';

/** Frame shape; the renderer picks concrete pixel sizes so layouts get varied tiles. */
export type DemoAspect = 'landscape' | 'square' | 'portrait';

/** Playback speed; the renderer turns it into a per-frame delay. */
export type DemoSpeed = 'slow' | 'normal' | 'fast';

/** How to draw a GIF: always an opaque animated GIF. */
export interface DemoGifVisual {
  scene: DemoGifScene;
  palette: DemoPalette;
  aspect: DemoAspect;
  speed: DemoSpeed;
  format: 'gif';
  shape?: DemoShape;
  mood?: DemoMood;
}

/** How to draw a sticker: transparent background. */
export interface DemoStickerVisual {
  scene: DemoStickerScene;
  palette: DemoPalette;
  aspect: DemoAspect;
  speed: DemoSpeed;
  /** Mostly GIF (binary transparency); a few WebP so real alpha goes through the pipeline too. */
  format: 'gif' | 'webp';
  mood?: DemoMood;
}

/** A clip's soundtrack, synthesised by the renderer: a few bars that suit its scene. */
export type DemoSound = 'arpeggio' | 'chimes' | 'beat' | 'pad';

/**
 * How to draw a clip (GIPHY's videos): an opaque GIF scene looped for a few seconds in a
 * 16:9 frame, muxed with a synthesised soundtrack into MP4 (H.264 + AAC).
 */
export interface DemoClipVisual {
  scene: DemoGifScene;
  palette: DemoPalette;
  aspect: 'landscape';
  speed: DemoSpeed;
  format: 'mp4';
  sound: DemoSound;
  /** Length of the clip, 3–6 s. */
  seconds: number;
  shape?: DemoShape;
  mood?: DemoMood;
}

/** Fields every seeded upload has, whatever its kind. */
interface DemoItemBase {
  /** Unique kebab-case key; also the file's base name. */
  key: string;
  /** Unique, human-readable. */
  title: string;
  /** 3–6 lowercase single words. */
  tags: string[];
  rating: DemoRating;
  /** One of `demoUsers`' usernames. */
  username: string;
}

/**
 * One seeded upload: metadata for the upload pipeline plus a small descriptor the renderer
 * draws. The kind fixes which scenes are allowed, so a sticker can't get an opaque scene.
 */
export type DemoItem =
  | (DemoItemBase & { kind: 'gif'; visual: DemoGifVisual })
  | (DemoItemBase & { kind: 'sticker'; visual: DemoStickerVisual })
  | (DemoItemBase & { kind: 'clip'; visual: DemoClipVisual });
