import { createRequire } from 'node:module';
import path from 'node:path';
import type { io } from '@tensorflow/tfjs';

const require = createRequire(import.meta.url);

/** The bundled MobileNetV2 model files: a UMD module each (topology, base64 weights). */
const MODEL_DIR = path.join(
  path.dirname(require.resolve('nsfwjs')),
  '..',
  'models',
  'mobilenet_v2',
);

/**
 * An IOHandler that reads nsfwjs' bundled MobileNetV2 from its package files. nsfwjs' own
 * `load('MobileNetV2')` does the same through dynamic imports but also reads a global named
 * `model` first and logs to the console; this reads only the files, and nothing is fetched.
 */
export function bundledModelHandler(): io.IOHandler {
  return {
    load: () => {
      const json = require(path.join(MODEL_DIR, 'model.min.js')) as io.ModelJSON;
      const chunks: Buffer[] = [];
      const weightSpecs: io.WeightsManifestEntry[] = [];
      for (const group of json.weightsManifest) {
        for (const shard of group.paths) {
          const base64 = require(path.join(MODEL_DIR, `${shard}.min.js`)) as string;
          chunks.push(Buffer.from(base64, 'base64'));
        }
        weightSpecs.push(...group.weights);
      }
      const weights = Buffer.concat(chunks);
      return Promise.resolve({
        modelTopology: json.modelTopology,
        weightSpecs,
        weightData: weights.buffer.slice(
          weights.byteOffset,
          weights.byteOffset + weights.byteLength,
        ),
      });
    },
  };
}
