// The pre-compressed forms of the viewer's files (docs/venue-contract.md section 3: the server
// compresses nothing at start). Best compression, since the build pays once and every visitor
// gains: gzip level 9, brotli quality 11 told the input size.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function gzip(data: Buffer): Buffer {
  return gzipSync(data, { level: 9 });
}

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** Budget of a venue's first level over the wire (contract section 3.3), in bytes. */
export const defaultLevelBudget = 150 * 1000;
