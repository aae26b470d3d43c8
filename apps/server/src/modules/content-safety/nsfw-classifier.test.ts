import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sampleFrames } from '@jiffy/media';
import { makeAnimatedGif } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIFIER_INPUT_SIZE, NsfwClassifier } from './nsfw-classifier.ts';
import { loadNsfwModel, scoreFrames } from './nsfw-model.ts';
import {
  defaultSafetyThresholds,
  highestScores,
  isStricter,
  safetyClasses,
  suggestRating,
  type SafetyScores,
} from './safety-rating.ts';

let dir: string;
const classifier = new NsfwClassifier();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-nsfw-'));
});
afterAll(async () => {
  await classifier.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Scores of a generated colour-bar animation (3 sampled frames), by the real model. */
async function barsScores(): Promise<SafetyScores> {
  const file = await makeAnimatedGif({
    path: path.join(dir, 'bars.gif'),
    width: 200,
    height: 120,
    frames: 6,
  });
  const frames = await sampleFrames(file, { count: 3, size: CLASSIFIER_INPUT_SIZE });
  expect(frames.map((f) => f.index)).toEqual([1, 3, 5]);
  return highestScores(await classifier.classify(frames));
}

describe('the content-safety classifier', () => {
  it('loads the model bundled in nsfwjs without opening a connection', async () => {
    const attempts: string[] = [];
    const socket = net.Socket.prototype;
    const connect = Object.getOwnPropertyDescriptor(socket, 'connect')!;
    const fetch = globalThis.fetch;
    Object.defineProperty(socket, 'connect', {
      ...connect,
      value: (...args: unknown[]) => {
        attempts.push(JSON.stringify(args[0]));
        throw new Error('no network in this test');
      },
    });
    globalThis.fetch = () => {
      attempts.push('fetch');
      return Promise.reject(new Error('no network in this test'));
    };
    try {
      const model = await loadNsfwModel();
      const [row] = await scoreFrames(model, 224, [new Uint8Array(224 * 224 * 3).fill(200)]);
      expect(row).toHaveLength(5);
      expect(row!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    } finally {
      Object.defineProperty(socket, 'connect', connect);
      globalThis.fetch = fetch;
    }
    expect(attempts).toEqual([]);
  });

  it('rates a generated colour-bar animation g with the default thresholds', async () => {
    const scores = await barsScores();
    expect(Object.keys(scores).sort()).toEqual([...safetyClasses]);
    // A flat synthetic picture reads as a drawing or nothing in particular, never explicit.
    expect(scores.Drawing + scores.Neutral).toBeGreaterThan(0.5);
    expect(scores.Porn + scores.Hentai).toBeLessThan(defaultSafetyThresholds.explicit);
    expect(suggestRating(scores, defaultSafetyThresholds)).toBe('g');
  });

  it('suggests a stricter rating for the same real scores once they cross a threshold', async () => {
    const scores = await barsScores();
    const explicit = scores.Porn + scores.Hentai;
    const suggestive = explicit + scores.Sexy;
    expect(suggestRating(scores, { explicit: explicit * 0.99, suggestive: 1 })).toBe('r');
    expect(suggestRating(scores, { explicit: 1, suggestive: suggestive * 0.99 })).toBe('pg-13');
    expect(
      suggestRating(scores, { explicit: explicit * 1.01, suggestive: suggestive * 1.01 }),
    ).toBe('g');
    expect(isStricter('r', 'g')).toBe(true);
    expect(isStricter('pg-13', 'pg-13')).toBe(false);
    expect(isStricter('g', 'pg')).toBe(false);
  });

  it('keeps working after its thread is stopped', async () => {
    await classifier.close();
    const frames = [{ index: 0, size: 224, rgb: new Uint8Array(224 * 224 * 3).fill(30) }];
    const [scores] = await classifier.classify(frames);
    expect(
      scores!.Neutral + scores!.Drawing + scores!.Porn + scores!.Hentai + scores!.Sexy,
    ).toBeCloseTo(1, 3);
    expect(await classifier.loadTime()).toBeGreaterThan(0);
  });

  it('ends its thread once idle, giving its memory back, and starts one on the next call', async () => {
    const idle = new NsfwClassifier({ idleMs: 50 });
    const frames = [{ index: 0, size: 224, rgb: new Uint8Array(224 * 224 * 3).fill(90) }];
    const threads = async () =>
      Number(/^Threads:\s+(\d+)/m.exec(await fs.readFile('/proc/self/status', 'utf8'))![1]);
    const [first] = await idle.classify(frames);
    const whileLoaded = await threads();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await threads()).toBeLessThan(whileLoaded);
    const [again] = await idle.classify(frames);
    expect(again!.Neutral).toBeCloseTo(first!.Neutral, 5);
    await idle.close();
  });
});
