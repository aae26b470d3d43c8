import type { Gif } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import { bestVideo, videoFilesOf } from './best-video.ts';
import { progressShown, quartilesDue, type Quartile } from './playback-rules.ts';
import { videoErrorMessage } from './video-errors.ts';

const rendition = (width: number, height: number, mp4?: string) => ({
  url: `https://m.example/${width}.gif`,
  width: String(width),
  height: String(height),
  ...(mp4 ? { mp4 } : {}),
});

const gifWith = (fields: Partial<Gif>): Gif =>
  ({ id: 'g1', images: {}, ...fields }) as unknown as Gif;

describe('the video widget picks its file', () => {
  const stills = gifWith({
    images: { fixed_width_still: rendition(200, 112) },
  });
  const loops = gifWith({
    images: {
      fixed_width: rendition(200, 112, 'https://m.example/200w.mp4'),
      fixed_height: rendition(356, 200, 'https://m.example/200h.mp4'),
      original: rendition(480, 270, 'https://m.example/original.mp4'),
      original_mp4: rendition(480, 270, 'https://m.example/original.mp4'),
    },
  });

  it('finds no video content in a GIF with neither clip assets nor MP4s', () => {
    expect(videoFilesOf(stills)).toEqual([]);
  });

  it("uses a GIF's MP4 renditions, smallest first, each file once", () => {
    expect(videoFilesOf(loops).map((f) => f.url)).toEqual([
      'https://m.example/200w.mp4',
      'https://m.example/200h.mp4',
      'https://m.example/original.mp4',
    ]);
  });

  it("prefers a clip's assets (with sound) over the silent MP4s", () => {
    const clip = gifWith({
      ...loops,
      video: {
        assets: {
          '360p': { url: 'https://m.example/360.mp4', width: 640, height: 360 },
          source: { url: 'https://m.example/src.mp4', width: 1280, height: 720 },
        },
      } as unknown as Gif['video'],
    });
    expect(videoFilesOf(clip).map((f) => f.url)).toEqual([
      'https://m.example/360.mp4',
      'https://m.example/src.mp4',
    ]);
  });

  it('takes the smallest file covering the box at the pixel ratio, else the largest', () => {
    const files = videoFilesOf(loops);
    expect(bestVideo(files, 200, 112)?.url).toBe('https://m.example/200w.mp4');
    expect(bestVideo(files, 300, 169)?.url).toBe('https://m.example/200h.mp4');
    expect(bestVideo(files, 200, 112, 2)?.url).toBe('https://m.example/original.mp4');
    expect(bestVideo(files, 1000, 563)?.url).toBe('https://m.example/original.mp4');
  });
});

describe('the progress bar and quartiles', () => {
  it('shows 100% past 98% of a video shorter than 10 s, the true share otherwise', () => {
    expect(progressShown(2.95, 3)).toBe(1);
    expect(progressShown(2.9, 3)).toBeCloseTo(0.9667, 3);
    expect(progressShown(19.8, 20)).toBeCloseTo(0.99, 3);
    expect(progressShown(1, Number.NaN)).toBe(0);
  });

  it('fires each quartile once, in order, including ones skipped over', () => {
    const fired = new Set<Quartile>();
    expect(quartilesDue(0.1, fired)).toEqual([]);
    expect(quartilesDue(0.6, fired)).toEqual([0.25, 0.5]);
    fired.add(0.25).add(0.5);
    expect(quartilesDue(0.8, fired)).toEqual([0.75]);
  });
});

describe('video error messages', () => {
  it('names codes 1 to 3 and the unplayable type for 4', () => {
    expect(videoErrorMessage(1, 'x.mp4')).toMatch(/^Aborted/);
    expect(videoErrorMessage(2, 'x.mp4')).toMatch(/^Network Error/);
    expect(videoErrorMessage(3, 'x.mp4')).toMatch(/^Decode Error/);
    expect(videoErrorMessage(4, 'https://m.example/a/clip.MOV?x=1')).toBe(
      'Can not play a video of type "mov" on this platform.',
    );
  });
});
