import type { DemoUser } from './demo-catalog-types.ts';

/**
 * Creator accounts that own the demo library. Each has a recognisable style so a user's
 * channel page looks curated rather than random; a mix of verified and not so badges show.
 */
export const demoUsers: readonly DemoUser[] = [
  {
    username: 'pixelpaloma',
    displayName: 'Paloma Pixel',
    bio: 'Bouncy shapes, party loops and the occasional fish. Everything is a circle if you squint.',
    isVerified: true,
  },
  {
    username: 'loopsmith',
    displayName: 'The Loop Smith',
    bio: 'Forging seamless loops since the dial-up days. Geometry, spinners, spirals.',
    isVerified: true,
  },
  {
    username: 'neon_narwhal',
    displayName: 'Neon Narwhal',
    bio: 'Glow-in-the-dark reactions for late-night group chats.',
    isVerified: false,
  },
  {
    username: 'retro_rita',
    displayName: 'Rita Retro',
    bio: 'Stripes, checkerboards and equalizers straight out of 1987.',
    isVerified: false,
  },
  {
    username: 'calm_circuit',
    displayName: 'Calm Circuit',
    bio: 'Slow waves, soft gradients and sunrises. Breathe in, breathe out.',
    isVerified: false,
  },
  {
    username: 'sticker_sam',
    displayName: 'Sam Stickers',
    bio: 'Transparent little friends for every message. Hearts, stars, faces, balloons.',
    isVerified: true,
  },
];
