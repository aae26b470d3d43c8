// The unfurl module's face: what the rest of the server may use of it.
export { pageUnfurlTags, type PagePreview } from './page-unfurl-tags.ts';
export { unfurlTags } from './unfurl-tags.ts';
