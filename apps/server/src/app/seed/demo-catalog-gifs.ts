import type {
  DemoAspect,
  DemoGifScene,
  DemoMood,
  DemoPalette,
  DemoRating,
  DemoShape,
  DemoSpeed,
} from './demo-catalog-types.ts';

/** Optional per-row overrides; anything left out gets the catalog's defaults. */
export interface DemoGifExtra {
  rating?: DemoRating;
  speed?: DemoSpeed;
  aspect?: DemoAspect;
  shape?: DemoShape;
  mood?: DemoMood;
}

/**
 * One GIF as a compact row: title, space-separated tags, scene, palette, overrides.
 * Rows rather than objects keep 60+ entries scannable on one screen each.
 */
export type DemoGifRow = [
  title: string,
  tags: string,
  scene: DemoGifScene,
  palette: DemoPalette,
  extra?: DemoGifExtra,
];

/**
 * GIF rows by uploader. Tags deliberately reuse a small vocabulary (emotions, reactions,
 * colours, animals, shapes) so search and related-tag features find overlaps.
 */
export const demoGifRows: Readonly<Record<string, readonly DemoGifRow[]>> = {
  pixelpaloma: [
    ['Happy Dance Party', 'happy dance party celebrate yellow', 'bounce', 'citrus'],
    ['Bouncy Mood', 'bouncy happy excited star', 'bounce', 'candy', { shape: 'star' }],
    ['Bounce Back Monday', 'monday tired bounce blue', 'bounce', 'ocean', { speed: 'slow' }],
    [
      'Unhinged Energy',
      'chaos excited trippy bounce',
      'bounce',
      'fire',
      { rating: 'r', speed: 'fast' },
    ],
    ['Confetti Celebration', 'confetti party celebrate yay', 'confetti', 'candy'],
    [
      'Birthday Confetti',
      'birthday party celebrate happy',
      'confetti',
      'citrus',
      { shape: 'star' },
    ],
    ['Congrats Confetti', 'congrats yay applause party gold', 'confetti', 'gold'],
    ['Just Keep Swimming', 'fish swimming ocean happy animal', 'fish', 'ocean'],
    ['Goldfish Memory', 'fish goldfish forgetful confused orange', 'fish', 'citrus'],
    ['Fishing for Compliments', 'fish compliments proud wink animal', 'fish', 'mint'],
    ['Cat Blink', 'cat blink animal cute', 'cat', 'citrus'],
    [
      'Unimpressed Cat',
      'cat unimpressed bored meh animal',
      'cat',
      'mono',
      { rating: 'pg', mood: 'grumpy' },
    ],
    ['Night Cat', 'cat night sneaky animal black', 'cat', 'midnight', { mood: 'surprised' }],
    ['Heart Beat Love', 'love heart romance red', 'heartbeat', 'berry'],
    ['Crush Alert', 'crush love blush pink heart', 'heartbeat', 'pastel'],
    ['Heart Eyes', 'love heart adore wow', 'heartbeat', 'candy', { speed: 'fast' }],
  ],
  loopsmith: [
    ['Orbiting Thoughts', 'thinking confused space circle', 'orbit', 'midnight'],
    ['Planetary Vibes', 'space planets chill purple', 'orbit', 'neon', { speed: 'slow' }],
    ['Round and Round', 'dizzy confused circle loop', 'orbit', 'pastel'],
    ['Spinning Hexagon', 'hexagon spin geometry dizzy', 'spin', 'mint', { shape: 'hexagon' }],
    ['Triangle Twirl', 'triangle spin dance pink', 'spin', 'berry', { shape: 'triangle' }],
    ['Square Dance', 'square dance party retro', 'spin', 'retro', { shape: 'square' }],
    ['Pulsing Rings', 'rings pulse hypnotic calm blue', 'pulse', 'ocean'],
    ['Good Vibes Only', 'vibes happy pulse rainbow', 'pulse', 'candy'],
    ['Ripple Effect', 'ripple calm water green', 'pulse', 'mint', { speed: 'slow' }],
    ['Hypnotic Spiral', 'hypnotic spiral trippy dizzy black', 'spiral', 'mono'],
    ['Dizzy Swirl', 'dizzy confused spiral pink', 'spiral', 'berry'],
    ['Loading Please Wait', 'loading waiting bored patience', 'loader', 'mono'],
    ['Still Thinking', 'thinking waiting hmm loading', 'loader', 'ocean'],
    ['Buffering Forever', 'buffering annoyed waiting loading', 'loader', 'fire', { rating: 'pg' }],
  ],
  neon_narwhal: [
    ['Lava Lamp Plasma', 'plasma hypnotic trippy lava orange', 'plasma', 'sunset'],
    ['Trippy Plasma', 'trippy psychedelic rainbow wow', 'plasma', 'neon', { rating: 'pg' }],
    ['Ocean Plasma', 'ocean blue hypnotic calm', 'plasma', 'ocean', { speed: 'slow' }],
    ['Rage Quit Meltdown', 'angry rage quit fire red', 'plasma', 'fire', { rating: 'r' }],
    ['Mind Blown Spiral', 'mindblown wow omg spiral', 'spiral', 'neon', { rating: 'pg' }],
    ['Warp Speed', 'space stars fast wow', 'starfield', 'midnight', { speed: 'fast' }],
    ['Lost in Space', 'space stars lonely sad', 'starfield', 'neon', { speed: 'slow' }],
    ['Starry Night', 'stars night sleepy calm purple', 'starfield', 'berry', { speed: 'slow' }],
    ['Fireworks Finale', 'fireworks celebrate party night', 'fireworks', 'midnight'],
    ['New Year Fireworks', 'newyear fireworks celebrate gold', 'fireworks', 'gold'],
    ['Boom Explosion', 'boom explosion wow omg', 'fireworks', 'fire', { rating: 'pg-13' }],
    [
      'Late Night Doomscroll',
      'night tired bored scroll',
      'stripes',
      'midnight',
      { rating: 'pg-13' },
    ],
    ['Fire Mode Activated', 'fire hot angry excited', 'stripes', 'fire', { rating: 'pg-13' }],
  ],
  retro_rita: [
    ['Retro Stripes', 'retro stripes eighties orange', 'stripes', 'retro'],
    ['Candy Cane Scroll', 'candy stripes red holiday', 'stripes', 'candy'],
    ['Speed Lines', 'fast speed hurry excited', 'stripes', 'mono', { speed: 'fast' }],
    ['Checkerboard Zoom', 'checkerboard retro zoom black', 'checker', 'mono'],
    ['Arcade Checkers', 'arcade retro game checkerboard', 'checker', 'retro'],
    ['Picnic Pattern', 'picnic summer red checkerboard', 'checker', 'candy', { speed: 'slow' }],
    ['Music Equalizer', 'music dance party beats', 'equalizer', 'neon'],
    ['Bass Drop', 'music bass party excited', 'equalizer', 'fire', { rating: 'pg' }],
    ['Volume Up', 'music loud excited yes', 'equalizer', 'citrus'],
    ['Mood Ring', 'mood rainbow feelings confused', 'gradient', 'neon'],
  ],
  calm_circuit: [
    ['Sunset Fade', 'sunset chill orange calm', 'gradient', 'sunset', { speed: 'slow' }],
    ['Northern Lights', 'aurora night green calm', 'gradient', 'forest', { speed: 'slow' }],
    ['Ocean Waves', 'ocean waves calm blue', 'wave', 'ocean', { speed: 'slow' }],
    ['Good Vibrations', 'vibes music waves happy', 'wave', 'candy'],
    ['Chill Waves', 'chill relax waves purple', 'wave', 'pastel', { speed: 'slow' }],
    ['Rainy Day Blues', 'sad rain blue lonely', 'rain', 'ocean'],
    ['Crying Inside', 'sad crying rain tears', 'rain', 'midnight', { rating: 'pg' }],
    ['Purple Rain', 'rain purple music moody', 'rain', 'berry'],
    ['Good Morning Sunshine', 'morning sun hello happy yellow', 'sunrise', 'citrus'],
    ['Rise and Shine', 'morning sunrise hello orange', 'sunrise', 'sunset'],
    ['Sun Salutation', 'yoga sun calm morning', 'sunrise', 'pastel', { speed: 'slow' }],
  ],
};
