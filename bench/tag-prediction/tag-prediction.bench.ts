// Tag prediction quality: `npm run bench:tag-prediction`. Not a test and not timed as one.
// Precision at 5 on held-out fifths of the demo library (item i is in fold i mod 5; each fold
// is predicted from an index of the other four, and every item is held out once), for several
// feature mixes, beside the baseline measured in the same run: always answering the index's
// five most common tags.
import { performance } from 'node:perf_hooks';
import {
  defaultPredictorSettings,
  precisionAt,
  predictTags,
  type LibraryEntry,
  type PredictedTag,
  type PredictorSettings,
} from '../../apps/server/src/modules/tag-prediction/tag-predictor.ts';
import { demoLibrary, type BenchItem } from './demo-library.ts';

const started = performance.now();
const items = await demoLibrary();
const renderMs = performance.now() - started;
const folds = [0, 1, 2, 3, 4].map((fold) => {
  const index: LibraryEntry[] = items
    .filter((_, i) => i % 5 !== fold)
    .map((item) => ({ id: item.key, tags: item.tags, features: item.still }));
  const counts = new Map<string, number>();
  for (const entry of index) {
    for (const tag of entry.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const prior: PredictedTag[] = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([tag, n]) => ({ tag, confidence: n / index.length }));
  return { index, prior, heldOut: items.filter((_, i) => i % 5 === fold) };
});

/** Mean P@5 over every item, each predicted from the index that does not hold it. */
function meanPrecision(
  predict: (item: BenchItem, fold: (typeof folds)[number]) => PredictedTag[],
): number {
  let sum = 0;
  for (const fold of folds) {
    for (const item of fold.heldOut) sum += precisionAt(5, predict(item, fold), item.tags);
  }
  return sum / items.length;
}

const baseline = meanPrecision((_, fold) => fold.prior);
const rows: [string, number][] = [['baseline: 5 most common tags', baseline]];
const variants: [string, Partial<PredictorSettings>][] = [
  ['dHash only, k=3', { hashWeight: 1, k: 3 }],
  ['colour only, k=3', { hashWeight: 0, k: 3 }],
  ['0.5 dHash + 0.5 colour, k=3', { hashWeight: 0.5, k: 3 }],
  ['0.3 dHash + 0.7 colour, k=5', { hashWeight: 0.3, k: 5 }],
  ['0.3 dHash + 0.7 colour, k=7', { hashWeight: 0.3, k: 7 }],
  ['0.3 dHash + 0.7 colour, k=12', { hashWeight: 0.3, k: 12 }],
];
for (const [name, change] of variants) {
  const settings = { ...defaultPredictorSettings, ...change };
  rows.push([name, meanPrecision((item, fold) => predictTags(item.frames, fold.index, settings))]);
}
rows.push([
  'shipped settings, first frame only',
  meanPrecision((item, fold) => predictTags([item.still], fold.index)),
]);
const shipped = meanPrecision((item, fold) => predictTags(item.frames, fold.index));
rows.push(['shipped settings (3 frames)', shipped]);

const timings: number[] = [];
for (const item of folds[0]!.heldOut) {
  const t0 = performance.now();
  predictTags(item.frames, folds[0]!.index);
  timings.push(performance.now() - t0);
}
timings.sort((a, b) => a - b);

console.log(
  `demo library: ${items.length} items (rendered and read in ${Math.round(renderMs)} ms); ` +
    `5 folds, each held out from an index of the other four (${folds[0]!.index.length} items)`,
);
for (const [name, p] of rows) {
  console.log(`${name.padEnd(40)} P@5 ${p.toFixed(3)}  ×${(p / baseline).toFixed(2)} baseline`);
}
console.log(
  `kNN over the index, 3 frames: median ${timings[Math.floor(timings.length / 2)]!.toFixed(2)} ms`,
);
