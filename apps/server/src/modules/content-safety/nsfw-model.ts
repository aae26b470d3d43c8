import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { NSFWJS } from 'nsfwjs';
import { bundledModelHandler } from './bundled-model.ts';

/**
 * nsfwjs' bundled MobileNetV2 on TensorFlow.js' wasm backend (about 15× faster than the pure
 * JavaScript cpu backend here; tfjs-node would download a binary at install). Reads only the
 * package files: nothing is fetched.
 */
export async function loadNsfwModel(): Promise<NSFWJS> {
  tf.env().set('PROD', true);
  await tf.setBackend('wasm');
  await tf.ready();
  const model = new NSFWJS(bundledModelHandler(), { size: 224 });
  await model.load();
  return model;
}

/** One row of probabilities per frame (`size` × `size` RGB each), in the model's class order. */
export async function scoreFrames(
  model: NSFWJS,
  size: number,
  frames: Uint8Array[],
): Promise<number[][]> {
  const pixels = new Uint8Array(frames.length * size * size * 3);
  frames.forEach((frame, i) => pixels.set(frame, i * size * size * 3));
  const output = tf.tidy(() => {
    const batch = tf.tensor4d(pixels, [frames.length, size, size, 3], 'int32');
    return model.model.predict(batch.toFloat().div(255)) as tf.Tensor2D;
  });
  try {
    return await output.array();
  } finally {
    output.dispose();
  }
}
