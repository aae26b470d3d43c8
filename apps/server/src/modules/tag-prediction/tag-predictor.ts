import { colourSimilarity, type VisualFeatures } from '@jiffy/media';

/** One GIF of the library as the predictor sees it. */
export interface LibraryEntry {
  id: string;
  tags: readonly string[];
  features: VisualFeatures;
}

export interface PredictedTag {
  tag: string;
  /** Share of the nearest GIFs' similarity that carries the tag, averaged over the frames. */
  confidence: number;
}

export interface PredictorSettings {
  /** Neighbours that vote, per frame. */
  k: number;
  /** Weight of layout (dHash) against colour (histogram intersection); they sum to 1. */
  hashWeight: number;
  /** Tags answered at most. */
  limit: number;
}

/** Chosen on bench/tag-prediction (P@5 over the demo library's five held-out folds). */
export const defaultPredictorSettings: PredictorSettings = { k: 3, hashWeight: 0.3, limit: 10 };

/**
 * k-nearest neighbours over the library: each frame finds the `k` GIFs that look most like it
 * (layout by dHash bits in common, colour by histogram intersection), and their tags are voted
 * by similarity. A tag's confidence is the share of the neighbours' similarity that carries it
 * (1 when every neighbour has it), averaged over the frames, so it stays in [0, 1] and a tag
 * seen in one frame only counts for that frame's share.
 */
export function predictTags(
  frames: readonly VisualFeatures[],
  library: readonly LibraryEntry[],
  settings: PredictorSettings = defaultPredictorSettings,
): PredictedTag[] {
  if (frames.length === 0 || library.length === 0) return [];
  const hashes = library.map((entry) => hashWords(entry.features.dhash));
  const totals = new Map<string, number>();
  for (const frame of frames) {
    const [hi, lo] = hashWords(frame.dhash);
    const scored = library.map((entry, i) => {
      const [ehi, elo] = hashes[i]!;
      const bits = popcount(hi ^ ehi) + popcount(lo ^ elo);
      // 32 differing bits is what two unrelated pictures show; past that, no likeness.
      const layout = Math.max(0, 1 - bits / 32);
      const colour = colourSimilarity(frame.colours, entry.features.colours);
      return {
        entry,
        similarity: settings.hashWeight * layout + (1 - settings.hashWeight) * colour,
      };
    });
    scored.sort((a, b) => b.similarity - a.similarity || a.entry.id.localeCompare(b.entry.id));
    const nearest = scored.slice(0, settings.k);
    const weight = nearest.reduce((sum, n) => sum + n.similarity, 0);
    if (weight <= 0) continue;
    for (const { entry, similarity } of nearest) {
      for (const tag of new Set(entry.tags)) {
        totals.set(tag, (totals.get(tag) ?? 0) + similarity / weight / frames.length);
      }
    }
  }
  return [...totals]
    .map(([tag, confidence]) => ({ tag, confidence: Math.min(1, confidence) }))
    .sort((a, b) => b.confidence - a.confidence || a.tag.localeCompare(b.tag))
    .slice(0, settings.limit);
}

function hashWords(hex: string): [number, number] {
  return [parseInt(hex.slice(0, 8), 16) | 0, parseInt(hex.slice(8, 16), 16) | 0];
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Precision at `n`: the share of the first `n` predicted tags that the GIF really has. */
export function precisionAt(
  n: number,
  predicted: readonly PredictedTag[],
  truth: readonly string[],
): number {
  const real = new Set(truth);
  return predicted.slice(0, n).filter((p) => real.has(p.tag)).length / n;
}
