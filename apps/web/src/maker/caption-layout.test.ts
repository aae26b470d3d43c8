import { describe, expect, it } from 'vitest';
import { captionLayout, ENTRANCE_SECONDS, entranceProgress, wrapLines } from './caption-layout.ts';
import { defaultCaption, type Caption } from './scene.ts';

// A stand-in for canvas measureText: every character is 0.6 of the font size wide.
const measure = (text: string, px: number) => text.length * px * 0.6;
const size = { width: 480, height: 270 };
const caption = (patch: Partial<Caption>): Caption => ({ ...defaultCaption, ...patch });

describe('caption layout', () => {
  it('draws nothing for blank text', () => {
    expect(captionLayout(caption({ text: '  ' }), size, 0, measure)).toBeNull();
  });

  it('wraps words to the width and keeps over-long words on a line of their own', () => {
    const width = (line: string) => line.length;
    expect(wrapLines('one two three four', 9, width)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines('supercalifragilistic yes', 5, width)).toEqual([
      'supercalifragilistic',
      'yes',
    ]);
    expect(wrapLines('first\nsecond', 100, width)).toEqual(['first', 'second']);
  });

  it('sizes the font from the height and places the block at the top, middle or bottom', () => {
    const at = (position: Caption['position']) =>
      captionLayout(caption({ text: 'Hi', position, size: 'medium' }), size, 1, measure)!;
    expect(at('top').fontPx).toBe(32); // 12% of 270
    expect(at('top').y).toBeLessThan(at('middle').y);
    expect(at('middle').y).toBe(135);
    expect(at('bottom').y).toBeGreaterThan(at('middle').y);
    // The bottom line stays inside the frame.
    const bottom = at('bottom');
    expect(bottom.lineYs.at(-1)! + bottom.lineHeight / 2).toBeLessThanOrEqual(270);
  });

  it('animates the entrance over its first 0.6 s, then holds still', () => {
    const fade = (t: number) =>
      captionLayout(caption({ text: 'Hi', animation: 'fade' }), size, t, measure)!;
    expect(fade(0).alpha).toBe(0);
    expect(fade(ENTRANCE_SECONDS / 2).alpha).toBeGreaterThan(0.5); // eased out
    expect(fade(ENTRANCE_SECONDS).alpha).toBe(1);
    expect(fade(5).alpha).toBe(1);

    const slide = (t: number) =>
      captionLayout(caption({ text: 'Hi', animation: 'slide' }), size, t, measure)!;
    expect(slide(0).y).toBeGreaterThan(size.height); // starts below the frame
    expect(slide(1).y).toBe(captionLayout(caption({ text: 'Hi' }), size, 0, measure)!.y);

    const pop = captionLayout(caption({ text: 'Hi', animation: 'pop' }), size, 0, measure)!;
    expect(pop.scale).toBeCloseTo(0.3);
    expect(entranceProgress(-1)).toBe(0);
  });

  it('types the characters in, keeping the lines where the whole text puts them', () => {
    const layout = (t: number) =>
      captionLayout(
        caption({ text: 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii', animation: 'type' }),
        size,
        t,
        measure,
      )!;
    const whole = layout(ENTRANCE_SECONDS);
    const half = layout(0.12); // about half the characters (eased)
    expect(whole.lines.join(' ')).toBe('aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii');
    expect(half.lines.join('').length).toBeLessThan(whole.lines.join('').length);
    expect(half.lineYs[0]).toBe(whole.lineYs[0]);
    expect(layout(0).lines).toEqual([]);
  });

  it('outlines thin or thick from the font size, or not at all', () => {
    const outline = (outlineWidth: Caption['outlineWidth']) =>
      captionLayout(caption({ text: 'Hi', outlineWidth }), size, 0, measure)!.outlinePx;
    expect(outline(0)).toBe(0);
    expect(outline(2)).toBeCloseTo(2 * outline(1));
  });
});
