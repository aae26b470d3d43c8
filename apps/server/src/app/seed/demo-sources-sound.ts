import type { DemoSound } from './demo-catalog-types.ts';
import { seededRandom, type Random } from './demo-sources-random.ts';

/** CD rate: what the AAC encoder expects without resampling. */
export const SAMPLE_RATE = 44_100;

/** What to synthesise: the tune, its length, and the beat the picture's loop keeps. */
export interface SoundOptions {
  sound: DemoSound;
  seconds: number;
  /** Seconds between beats; the clip renderer fits a whole number of beats into one loop. */
  beatSeconds: number;
  /** Seeds the choices a tune makes (which chime rings), so an item always sounds the same. */
  seed: number;
}

const TAU = Math.PI * 2;

/** Equal temperament from MIDI note numbers: 69 is A4 = 440 Hz. */
const hz = (note: number): number => 440 * 2 ** ((note - 69) / 12);

// I–vi–IV–V in C: the progression every jingle leans on.
const progression = [
  [60, 64, 67, 72],
  [57, 60, 64, 69],
  [53, 57, 60, 65],
  [55, 59, 62, 67],
] as const;

const pentatonic = [72, 74, 76, 79, 81, 84, 86, 88] as const;

/** A note: `render(t)` is its sample `t` seconds after it starts, for `length` seconds. */
interface Note {
  start: number;
  length: number;
  render: (t: number) => number;
}

/** Plucked triangle: bright attack, quick decay. */
function pluck(frequency: number, start: number): Note {
  return {
    start,
    length: 0.6,
    render: (t) => {
      const phase = (t * frequency) % 1;
      const triangle = 4 * Math.abs(phase - 0.5) - 1;
      return triangle * Math.min(1, t / 0.005) * Math.exp(-t * 7);
    },
  };
}

/** Bell: inharmonic sine partials that ring on. */
function bell(frequency: number, start: number): Note {
  const partials = [
    [1, 1],
    [2.76, 0.4],
    [5.4, 0.2],
  ] as const;
  return {
    start,
    length: 1.8,
    render: (t) => {
      let sum = 0;
      for (const [ratio, gain] of partials) {
        sum += gain * Math.sin(TAU * frequency * ratio * t) * Math.exp(-t * (2 + ratio));
      }
      return sum * Math.min(1, t / 0.002);
    },
  };
}

/** Kick drum: a sine whose pitch falls from 150 Hz to 50 Hz in a few milliseconds. */
function kick(start: number): Note {
  return {
    start,
    length: 0.35,
    // The phase is the integral of 50 + 100·e^(−30t).
    render: (t) =>
      Math.sin(TAU * (50 * t + (100 / 30) * (1 - Math.exp(-30 * t)))) * Math.exp(-t * 9),
  };
}

/** Hi-hat: seeded noise, differenced so only the hiss is left, gone in 50 ms. */
function hat(start: number, random: Random): Note {
  const noise = Float32Array.from({ length: Math.ceil(0.08 * SAMPLE_RATE) + 1 }, () => random());
  return {
    start,
    length: 0.08,
    render: (t) => {
      const i = Math.floor(t * SAMPLE_RATE);
      return ((noise[i + 1] ?? 0) - (noise[i] ?? 0)) * 0.5 * Math.exp(-t * 60);
    },
  };
}

/** A soft held tone: three slightly detuned sines with a slow swell. */
function padTone(frequency: number, start: number, length: number): Note {
  return {
    start,
    length,
    render: (t) => {
      const swell = Math.sin((Math.PI * t) / length);
      const tone =
        Math.sin(TAU * frequency * t) +
        0.5 * Math.sin(TAU * frequency * 1.003 * t) +
        0.5 * Math.sin(TAU * frequency * 0.997 * t);
      return (tone / 2) * swell;
    },
  };
}

/** The notes of one tune, beat by beat. */
function score(options: SoundOptions): Note[] {
  const { sound, seconds, beatSeconds } = options;
  const random = seededRandom(options.seed);
  const beats = Math.ceil(seconds / beatSeconds);
  const chordAt = (beat: number) => progression[Math.floor(beat / 4) % progression.length]!;
  const notes: Note[] = [];
  for (let beat = 0; beat < beats; beat++) {
    const at = beat * beatSeconds;
    const chord = chordAt(beat);
    if (sound === 'arpeggio') {
      notes.push(pluck(hz(chord[beat % chord.length]!), at));
    } else if (sound === 'chimes') {
      const note = pentatonic[Math.floor(random() * pentatonic.length)] ?? pentatonic[0];
      notes.push(bell(hz(note), at));
    } else if (sound === 'beat') {
      if (beat % 2 === 0) notes.push(kick(at));
      notes.push(hat(at + beatSeconds / 2, random));
      notes.push(pluck(hz(chord[0] - 24), at));
    } else if (beat % 4 === 0) {
      // pad: one chord per bar, held for the bar.
      for (const note of chord.slice(0, 3)) notes.push(padTone(hz(note - 12), at, beatSeconds * 4));
    }
  }
  return notes;
}

/**
 * Synthesises a tune as mono signed 16-bit little-endian PCM at `SAMPLE_RATE` (ffmpeg's
 * `s16le`): a pure function of the options, normalised to a comfortable level and faded at
 * both ends so it starts and stops without a click.
 */
export function synthesiseSound(options: SoundOptions): Buffer {
  const length = Math.round(options.seconds * SAMPLE_RATE);
  const mix = new Float32Array(length);
  for (const note of score(options)) {
    const first = Math.round(note.start * SAMPLE_RATE);
    const last = Math.min(length, first + Math.round(note.length * SAMPLE_RATE));
    for (let i = first; i < last; i++) mix[i]! += note.render((i - first) / SAMPLE_RATE);
  }
  let peak = 0;
  for (const sample of mix) peak = Math.max(peak, Math.abs(sample));
  const gain = peak > 0 ? 0.7 / peak : 0;
  const fade = Math.round(0.02 * SAMPLE_RATE);
  const pcm = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) {
    const edge = Math.min(1, i / fade, (length - 1 - i) / fade);
    pcm.writeInt16LE(Math.round(mix[i]! * gain * edge * 32_767), i * 2);
  }
  return pcm;
}
