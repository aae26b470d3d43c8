export * from './envelope.ts';
export * from './error-codes.ts';
export * from './gif.ts';
export * from './images.ts';
export * from './discovery.ts';
export * from './avatar.ts';
export * from './report-reasons.ts';
export * from './share-types.ts';
