import { describe, expect, it } from 'vitest';
import type { StickerPlacement } from '../maker/scene.ts';
import type { StickerFrames } from '../maker/sticker-frames.ts';
import { frameTimes } from '../maker/timeline.ts';
import { cameraRefusal } from './camera.ts';
import { fitWithin } from './photo.ts';
import { MAX_SCENE_SECONDS, sceneLoopSeconds, sceneTiming } from './scene-render.ts';

const placed = (url: string): StickerPlacement => ({
  key: 1,
  gifId: url,
  title: url,
  url,
  x: 0.5,
  y: 0.5,
  width: 0.3,
  aspect: 1,
});
const loopOf = (duration: number) => ({ duration }) as StickerFrames;

describe('a scene’s loop', () => {
  it('lasts as long as its longest placed sticker, capped, and is one frame when nothing moves', () => {
    const frames = new Map([
      ['a', loopOf(0.4)],
      ['b', loopOf(1.5)],
      ['still', loopOf(0)],
      ['long', loopOf(20)],
    ]);
    expect(sceneLoopSeconds([placed('a'), placed('b')], frames)).toBe(1.5);
    // A sticker still loading (no frames yet) adds nothing.
    expect(sceneLoopSeconds([placed('a'), placed('missing')], frames)).toBe(0.4);
    expect(sceneLoopSeconds([placed('long')], frames)).toBe(MAX_SCENE_SECONDS);
    expect(sceneLoopSeconds([placed('still')], frames)).toBe(0);
    expect(sceneLoopSeconds([], frames)).toBe(0);
    // At the maker's 15 fps: 0.4 s is 6 frames, nothing moving is 1, the cap 90.
    expect(frameTimes(sceneTiming(0.4))).toHaveLength(6);
    expect(frameTimes(sceneTiming(0))).toEqual([0]);
    expect(frameTimes(sceneTiming(MAX_SCENE_SECONDS))).toHaveLength(90);
  });
});

describe('photo sizes', () => {
  it('fit 1080 px on the long side, never enlarged', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1080, height: 810 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 810, height: 1080 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(20000, 10)).toEqual({ width: 1080, height: 1 });
  });
});

describe('camera errors', () => {
  it('say what happened in words', () => {
    const named = (name: string) => new DOMException('x', name);
    expect(cameraRefusal(named('NotAllowedError'))).toMatch(/^Camera access was denied/);
    expect(cameraRefusal(named('NotFoundError'))).toBe('No camera was found on this device.');
    expect(cameraRefusal(named('NotReadableError'))).toBe(
      'The camera is in use by another application.',
    );
    expect(cameraRefusal(new Error('odd'))).toBe('The camera could not be opened (odd).');
  });
});
