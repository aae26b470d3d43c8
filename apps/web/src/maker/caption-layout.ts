import type { Caption } from './scene.ts';

/** How long the entrance animation takes at the start of each loop, in seconds of the GIF. */
export const ENTRANCE_SECONDS = 0.6;

const SIZE_SHARE = { small: 0.08, medium: 0.12, large: 0.17 } as const;
/** Room kept free at the frame's edges, as a share of its height. */
const MARGIN_SHARE = 0.05;
const LINE_HEIGHT = 1.15;

/** Everything needed to draw the caption at one moment: computed, not drawn (testable). */
export interface CaptionLayout {
  lines: string[];
  fontPx: number;
  /** Centre of the text block, in output pixels, after the animation's movement. */
  x: number;
  y: number;
  /** Each shown line's middle, in output pixels (the block keeps its place while typing). */
  lineYs: number[];
  lineHeight: number;
  alpha: number;
  scale: number;
  outlinePx: number;
}

/** Text widths come from the canvas in the page and from a stand-in in tests. */
export type MeasureText = (text: string, fontPx: number) => number;

/** 0 at the loop's start, 1 once the entrance is over, eased out. */
export function entranceProgress(t: number): number {
  const p = Math.min(1, Math.max(0, t / ENTRANCE_SECONDS));
  return 1 - (1 - p) ** 3;
}

/** Words into lines no wider than `maxWidth` (a word longer than that gets a line alone). */
export function wrapLines(text: string, maxWidth: number, width: (line: string) => number) {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && width(candidate) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * Where and how the caption is drawn at time `t` of the GIF on a `width` × `height` output.
 * The typewriter entrance shows a growing share of the characters; the others move, fade or
 * grow the whole block. Null when there is nothing to draw.
 */
export function captionLayout(
  caption: Caption,
  size: { width: number; height: number },
  t: number,
  measure: MeasureText,
): CaptionLayout | null {
  const text = caption.text.trim();
  if (!text) return null;
  const fontPx = Math.max(8, Math.round(size.height * SIZE_SHARE[caption.size]));
  const margin = size.height * MARGIN_SHARE;
  const all = wrapLines(text, size.width - 2 * margin, (line) => measure(line, fontPx));
  const p = caption.animation === 'none' ? 1 : entranceProgress(t);
  const lines = caption.animation === 'type' ? typed(all, p) : all;
  const lineHeight = fontPx * LINE_HEIGHT;
  const blockHeight = all.length * lineHeight;
  const y =
    caption.position === 'top'
      ? margin + blockHeight / 2
      : caption.position === 'middle'
        ? size.height / 2
        : size.height - margin - blockHeight / 2;
  const slide = caption.animation === 'slide' ? (1 - p) * (size.height - y + blockHeight) : 0;
  const top = y + slide - blockHeight / 2;
  return {
    lines,
    fontPx,
    x: size.width / 2,
    y: y + slide,
    lineYs: lines.map((_, i) => top + (i + 0.5) * lineHeight),
    lineHeight,
    alpha: caption.animation === 'fade' ? p : 1,
    scale: caption.animation === 'pop' ? 0.3 + 0.7 * p : 1,
    outlinePx: caption.outlineWidth === 0 ? 0 : fontPx * (caption.outlineWidth === 1 ? 0.1 : 0.2),
  };
}

/** The first `p` share of the lines' characters, line by line (a typewriter). */
function typed(lines: string[], p: number): string[] {
  let left = Math.round(lines.reduce((n, line) => n + line.length, 0) * p);
  const shown: string[] = [];
  for (const line of lines) {
    if (left <= 0) break;
    shown.push(line.slice(0, left));
    left -= line.length;
  }
  return shown;
}
