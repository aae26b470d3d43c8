// A worker thread holding nsfwjs' bundled model. Inference is synchronous wasm (tens of ms a
// frame), so it runs here, off the thread that answers HTTP requests, one batch at a time.
import { parentPort } from 'node:worker_threads';
import { loadNsfwModel, scoreFrames } from './nsfw-model.ts';

/** A batch of frames to score: `size` × `size` RGB each. */
export interface ClassifyRequest {
  id: number;
  size: number;
  frames: Uint8Array[];
}

export type ClassifyResponse =
  | { id: number; probabilities: number[][] }
  | { id: number; error: string }
  | { loaded: { ms: number } };

const port = parentPort;
if (!port) throw new Error('nsfw.worker.ts runs as a worker thread.');

const started = performance.now();
const model = await loadNsfwModel();
port.postMessage({ loaded: { ms: Math.round(performance.now() - started) } });

port.on('message', (request: ClassifyRequest) => {
  scoreFrames(model, request.size, request.frames).then(
    (probabilities) => port.postMessage({ id: request.id, probabilities }),
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
  );
});
