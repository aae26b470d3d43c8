// The unfurl module's face: what the rest of the server may use of it.
export { unfurlTags } from './unfurl-tags.ts';
