// Keys of external addresses set in the server config (`[links]`); content writes `link:<key>`.
// Kept apart from schema.ts so the browser bundle (runtime.tsx) does not pull in zod.
export const externalLinkKeys = [
  'console',
  'playground',
  'docs',
  'sdk_h5',
  'sdk_android',
  'sdk_ios',
  'sdk_harmonyos',
] as const;
export type ExternalLinkKey = (typeof externalLinkKeys)[number];
