import { describe, expect, it } from 'vitest';
import { cropRect, outputSize } from './crop.ts';
import type { StickerPlacement } from './scene.ts';
import { moveSticker } from './sticker-placement.ts';
import { stickerFrameAt, type StickerFrames } from './sticker-frames.ts';
import { addTags } from './tag-list.ts';
import {
  filmstripTimes,
  frameDelaysMs,
  frameTimes,
  gifTimeAt,
  MIN_SPAN,
  moveHandle,
  sourceTimeAt,
} from './timeline.ts';

describe('timeline', () => {
  const timing = { start: 1, end: 3, speed: 2 };

  it('has a frame every 1/15 s of the loop, the span played at the speed', () => {
    expect(frameTimes(timing)).toHaveLength(15); // 2 s of clip at 2× = 1 s
    expect(frameTimes({ ...timing, speed: 0.5 })).toHaveLength(60);
    expect(sourceTimeAt(timing, 0.5)).toBe(2);
    expect(gifTimeAt(timing, 2)).toBe(0.5);
    expect(sourceTimeAt(timing, 10)).toBe(3);
  });

  it('alternates whole-centisecond delays so 15 frames last exactly 1 s', () => {
    const delays = frameDelaysMs(15);
    expect(new Set(delays)).toEqual(new Set([60, 70]));
    expect(delays.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('keeps the handles in the clip and apart, the other handle giving way', () => {
    const pushed = moveHandle(timing, 'start', 2.95, 10, 15);
    expect(pushed.start).toBe(2.95);
    expect(pushed.end).toBeCloseTo(3.15);
    expect(moveHandle(timing, 'end', 0.1, 10, 15)).toEqual({ ...timing, start: 0, end: MIN_SPAN });
    expect(moveHandle(timing, 'end', 99, 10, 15).end).toBe(10);
    expect(moveHandle(timing, 'start', -1, 10, 15).start).toBe(0);
    // A span never longer than allowed: the start follows the end.
    expect(moveHandle({ start: 0, end: 1, speed: 1 }, 'end', 9, 10, 5)).toMatchObject({
      start: 4,
      end: 9,
    });
  });

  it('spreads the filmstrip over the clip', () => {
    expect(filmstripTimes(8, 4)).toEqual([1, 3, 5, 7]);
  });
});

describe('crop', () => {
  it('cuts the long side to the aspect, placed by the offset', () => {
    expect(cropRect(640, 360, { aspect: 'original', offset: 0.5 })).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 360,
    });
    expect(cropRect(640, 360, { aspect: '1:1', offset: 0.5 })).toEqual({
      x: 140,
      y: 0,
      width: 360,
      height: 360,
    });
    expect(cropRect(640, 360, { aspect: '1:1', offset: 0 }).x).toBe(0);
    expect(cropRect(640, 360, { aspect: '9:16', offset: 1 }).x).toBeCloseTo(640 - 202.5);
    expect(cropRect(360, 640, { aspect: '16:9', offset: 0.5 })).toEqual({
      x: 0,
      y: 218.75,
      width: 360,
      height: 202.5,
    });
  });

  it('outputs at most 480 px a side, never enlarged, even sizes', () => {
    expect(outputSize({ width: 1280, height: 720 })).toEqual({ width: 480, height: 270 });
    expect(outputSize({ width: 320, height: 181 })).toEqual({ width: 320, height: 182 });
    expect(outputSize({ width: 360, height: 640 })).toEqual({ width: 270, height: 480 });
  });
});

describe('stickers', () => {
  const sticker: StickerPlacement = {
    key: 1,
    gifId: 'a',
    title: 'Star',
    url: '/s.webp',
    x: 0.5,
    y: 0.5,
    width: 0.3,
    aspect: 1,
  };

  it('move with arrows (Shift further), resize with + and −, go with Delete', () => {
    expect(moveSticker(sticker, 'ArrowLeft')!.x).toBeCloseTo(0.48);
    expect(moveSticker(sticker, 'ArrowDown', true)!.y).toBeCloseTo(0.6);
    expect(moveSticker(sticker, '+')!.width).toBeCloseTo(0.345);
    expect(moveSticker(sticker, '-')!.width).toBeCloseTo(0.3 / 1.15);
    expect(moveSticker(sticker, 'Delete')).toBeNull();
    expect(moveSticker(sticker, 'Tab')).toBeUndefined();
    expect(moveSticker({ ...sticker, x: 0.99 }, 'ArrowRight', true)!.x).toBe(1);
    expect(moveSticker({ ...sticker, width: 0.05 }, '-')!.width).toBe(0.05);
  });

  it('show the frame of their own loop at the GIF’s time', () => {
    const image = (n: number) => ({ n }) as unknown as ImageBitmap;
    const frames: StickerFrames = {
      frames: [
        { image: image(0), start: 0 },
        { image: image(1), start: 0.1 },
        { image: image(2), start: 0.3 },
      ],
      duration: 0.5,
      width: 10,
      height: 10,
    };
    expect(stickerFrameAt(frames, 0.05)).toBe(frames.frames[0]!.image);
    expect(stickerFrameAt(frames, 0.2)).toBe(frames.frames[1]!.image);
    expect(stickerFrameAt(frames, 0.45)).toBe(frames.frames[2]!.image);
    expect(stickerFrameAt(frames, 0.62)).toBe(frames.frames[1]!.image); // looped
  });
});

describe('tags', () => {
  it('adds comma-separated tags once each, trimmed, up to 30', () => {
    expect(addTags(['Cat'], ' dog, cat ,  big   sky ,')).toEqual(['Cat', 'dog', 'big sky']);
    expect(addTags([], 'x'.repeat(70))[0]).toHaveLength(64);
    const many = Array.from({ length: 29 }, (_, i) => `t${i}`);
    expect(addTags(many, 'a, b')).toHaveLength(30);
  });
});
