// The shape of every file in content/. A file that does not match fails the build with its
// path and the field at fault (see load.ts). Field comments are for whoever edits content.
// One module per group of files; this one names them all.
export { type ExternalLinkKey, externalLinkKeys } from './link-keys';
export { type CallToAction, linkPath } from './schema-parts';
export * from './site-schema';
export * from './page-schema';
export * from './leads-schema';
