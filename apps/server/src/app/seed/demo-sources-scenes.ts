import type { DemoGifScene, DemoItem, DemoStickerScene } from './demo-catalog-types.ts';
import { catScene, fishScene, heartbeatScene } from './demo-sources-gif-critters.ts';
import {
  bounceScene,
  confettiScene,
  orbitScene,
  pulseScene,
  spinScene,
} from './demo-sources-gif-motion.ts';
import {
  checkerScene,
  gradientScene,
  spiralScene,
  stripesScene,
} from './demo-sources-gif-patterns.ts';
import { equalizerScene, loaderScene, waveScene } from './demo-sources-gif-signals.ts';
import { fireworksScene, rainScene, starfieldScene, sunriseScene } from './demo-sources-gif-sky.ts';
import { plasmaScene } from './demo-sources-plasma.ts';
import type { SceneDefinition } from './demo-sources-scene.ts';
import {
  balloonSticker,
  blobSticker,
  burstSticker,
  catHeadSticker,
  faceSticker,
  rainbowSticker,
} from './demo-sources-sticker-characters.ts';
import {
  checkSticker,
  crossSticker,
  flowerSticker,
  heartSticker,
  sparkleSticker,
  starSticker,
} from './demo-sources-sticker-shapes.ts';

// Typed as complete records so adding a scene name to the catalog types fails to compile
// until it has a renderer.
const gifScenes: Record<DemoGifScene, SceneDefinition> = {
  bounce: bounceScene,
  orbit: orbitScene,
  spin: spinScene,
  pulse: pulseScene,
  stripes: stripesScene,
  gradient: gradientScene,
  plasma: plasmaScene,
  wave: waveScene,
  confetti: confettiScene,
  spiral: spiralScene,
  checker: checkerScene,
  heartbeat: heartbeatScene,
  starfield: starfieldScene,
  equalizer: equalizerScene,
  loader: loaderScene,
  fish: fishScene,
  cat: catScene,
  fireworks: fireworksScene,
  rain: rainScene,
  sunrise: sunriseScene,
};

const stickerScenes: Record<DemoStickerScene, SceneDefinition> = {
  heart: heartSticker,
  star: starSticker,
  face: faceSticker,
  sparkle: sparkleSticker,
  flower: flowerSticker,
  check: checkSticker,
  cross: crossSticker,
  burst: burstSticker,
  balloon: balloonSticker,
  rainbow: rainbowSticker,
  blob: blobSticker,
  'cat-head': catHeadSticker,
};

/**
 * The scene that draws an item; the item's kind decides which set its scene comes from
 * (a clip loops a GIF scene).
 */
export function sceneFor(item: DemoItem): SceneDefinition {
  return item.kind === 'sticker' ? stickerScenes[item.visual.scene] : gifScenes[item.visual.scene];
}
