// Public API of @jiffy/media. Test helpers live in '@jiffy/media/testing', not here.
export * from './types.ts';
export { sniffFormat, readHead } from './sniff.ts';
export {
  extensionFormats,
  extensionVerdict,
  formatMatchesExtension,
  assertExtension,
  type ExtensionVerdict,
} from './extensions.ts';
export { resolveFfmpeg, type FfmpegInfo } from './ffmpeg.ts';
export { runProcess, type RunProcessOptions, type RunProcessResult } from './process.ts';
export { probe } from './probe/probe.ts';
export {
  checkLimits,
  checkByteSize,
  checkDecodedWork,
  decodedPixels,
  maxSourceSide,
} from './limits.ts';
export {
  planTrim,
  trimMedia,
  trimOutput,
  type TrimFormat,
  type TrimRequest,
  type TrimSpan,
} from './trim.ts';
export { renderRenditions, type RenderRenditionsOptions } from './render/render-renditions.ts';
export { perceptualHash, hammingDistance } from './phash.ts';
export { sampleFrames, type SampledFrame } from './sample-frames.ts';
export {
  visualFeatures,
  colourSimilarity,
  colourBins,
  type VisualFeatures,
} from './visual-features.ts';
export {
  renderAvatar,
  avatarVariants,
  AVATAR_MAX_FRAMES,
  type AvatarFile,
  type AvatarVariant,
} from './avatar.ts';
export {
  renderDerived,
  nanoSize,
  nanoHeight,
  type DerivedSource,
  type DerivedFile,
} from './render/derived.ts';
