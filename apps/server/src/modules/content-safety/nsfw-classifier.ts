import { Worker } from 'node:worker_threads';
import type { SampledFrame } from '@jiffy/media';
import { safetyClasses, type SafetyScores } from './safety-rating.ts';
import type { ClassifyRequest, ClassifyResponse } from './nsfw.worker.ts';

/** Scores frames for content safety; one score set per frame. */
export interface ContentClassifier {
  classify(frames: SampledFrame[]): Promise<SafetyScores[]>;
  close(): Promise<void>;
}

/** The side, in pixels, of the square frames nsfwjs' MobileNetV2 reads. */
export const CLASSIFIER_INPUT_SIZE = 224;
const TIMEOUT_MS = 60_000;
/**
 * An idle classifier thread ends after this long. Loaded, it holds some 150 MB (the model, its
 * TensorFlow wasm memory and the thread's own heap) and loading it again takes about 0.2 s, so
 * a quiet instance gives the memory back and a busy one keeps the thread.
 */
const IDLE_MS = 30_000;

interface Pending {
  resolve: (probabilities: number[][]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * nsfwjs' MobileNetV2 in a worker thread, started (and the model loaded) on the first call.
 * Calls take turns: one batch at a time keeps a process to one core of inference however many
 * media jobs run, and a worker that dies or stalls is replaced on the next call. An idle worker
 * does not keep the process alive.
 */
export class NsfwClassifier implements ContentClassifier {
  #worker: Worker | null = null;
  #loaded: Promise<number> | null = null;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #turn: Promise<unknown> = Promise.resolve();
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #idleMs: number;

  constructor(options: { idleMs?: number } = {}) {
    this.#idleMs = options.idleMs ?? IDLE_MS;
  }

  /** Milliseconds the worker took to load the model (starting it if need be). */
  loadTime(): Promise<number> {
    this.#start();
    return this.#loaded!;
  }

  classify(frames: SampledFrame[]): Promise<SafetyScores[]> {
    if (frames.length === 0) return Promise.resolve([]);
    const run = this.#turn.then(() => this.#send(frames));
    this.#turn = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#reset(new Error('The classifier was closed.'));
    await worker?.terminate();
  }

  async #send(frames: SampledFrame[]): Promise<SafetyScores[]> {
    clearTimeout(this.#idleTimer);
    this.#start();
    await this.#loaded;
    const worker = this.#worker!;
    const id = this.#nextId++;
    const request: ClassifyRequest = {
      id,
      size: CLASSIFIER_INPUT_SIZE,
      frames: frames.map((frame) => {
        if (frame.size !== CLASSIFIER_INPUT_SIZE) throw new Error('Frames must be 224 × 224.');
        return frame.rgb;
      }),
    };
    const probabilities = await new Promise<number[][]>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.#stop(new Error('Classifying took too long.'));
      }, TIMEOUT_MS);
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage(request);
    });
    this.#endWhenIdle(worker);
    return probabilities.map(
      (row) => Object.fromEntries(safetyClasses.map((c, i) => [c, row[i] ?? 0])) as SafetyScores,
    );
  }

  /** Ends `worker` once no call has come for the idle time; the next call starts a new one. */
  #endWhenIdle(worker: Worker): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.#pending.size > 0) return;
      this.#worker = null;
      this.#loaded = null;
      void worker.terminate();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #start(): void {
    if (this.#worker) return;
    const worker = new Worker(new URL('./nsfw.worker.ts', import.meta.url));
    this.#worker = worker;
    this.#loaded = new Promise<number>((resolve, reject) => {
      worker.on('message', (message: ClassifyResponse) => {
        if ('loaded' in message) {
          if (this.#pending.size === 0) worker.unref();
          return resolve(message.loaded.ms);
        }
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        clearTimeout(pending.timer);
        if (this.#pending.size === 0) worker.unref();
        if ('error' in message) pending.reject(new Error(`Classifier: ${message.error}`));
        else pending.resolve(message.probabilities);
      });
      const fail = (error: Error) => {
        reject(error);
        if (this.#worker === worker) this.#reset(error);
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`The classifier thread exited (${code}).`)));
    });
    // An unhandled load failure would be reported twice; callers see it through #send.
    this.#loaded.catch(() => undefined);
  }

  async #stop(error: Error): Promise<void> {
    const worker = this.#worker;
    this.#reset(error);
    await worker?.terminate();
  }

  /** Fails whatever is waiting; the next call starts a new worker. */
  #reset(error: Error): void {
    clearTimeout(this.#idleTimer);
    this.#worker = null;
    this.#loaded = null;
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }
}

let processClassifier: NsfwClassifier | undefined;

/**
 * The process's one classifier. Loading the model costs seconds of CPU and its memory is the
 * same for everyone, so every Jiffy the process runs (tests run many, one after another) shares
 * one thread; it is never closed, and being idle it lets the process exit.
 */
export function sharedClassifier(): NsfwClassifier {
  processClassifier ??= new NsfwClassifier();
  return processClassifier;
}
