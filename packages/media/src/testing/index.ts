// Test helpers for @jiffy/media and the server's upload tests. Not part of the runtime API.
export {
  animationFrames,
  makeAnimatedGif,
  makeAnimatedWebp,
  makeApng,
  makeMp4,
  makePng,
  makeVideo,
  type AnimationOptions,
  type VideoOptions,
} from './fixtures.ts';
export {
  writeEmptyFile,
  writeGiantScreenGif,
  writeHeavyCanvasGif,
  writeHostileFiles,
  writeManyFramesGif,
  writeRandomBytes,
  writeTruncatedGif,
  type HostileFile,
} from './hostile-files.ts';
