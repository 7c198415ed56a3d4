// Pictures in content/images: their pixel size read from the file header (so every <img> gets
// width and height and nothing shifts while loading), a content hash for a cacheable name, and
// the widths the page may request from /_next/image.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface ImageFileInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** First 8 hex digits of the file's SHA-256. */
  hash: string;
}

/** Reads the header of a PNG or JPEG; throws with a reason when the file is neither. */
export function imageSize(bytes: Uint8Array): {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((byte, i) => bytes[i] === byte)) {
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) break;
      const marker = bytes[at + 1] ?? 0;
      const length = view.getUint16(at + 2);
      // Start-of-frame markers carry the size; C4, C8 and CC are other tables.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      at += 2 + length;
    }
    throw new Error('is a JPEG without a readable frame header');
  }
  throw new Error('is not a PNG or JPEG file');
}

export function readImageFile(path: string): ImageFileInfo {
  const bytes = readFileSync(path);
  const size = imageSize(bytes);
  if (size.width === 0 || size.height === 0) throw new Error('has a width or height of 0');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return { ...size, hash };
}

/**
 * The widths a picture can be rendered at: every allowed width up to the first one that covers
 * the picture's own width. Wider requests would get the same pixels (the server never
 * upscales). A page's srcset offers the ones its layout shows (components/image-sizes.ts).
 */
export function renderableWidths(allowed: readonly number[], intrinsicWidth: number): number[] {
  const sorted = [...new Set(allowed)].sort((a, b) => a - b);
  const cover = sorted.findIndex((width) => width >= intrinsicWidth);
  return cover === -1 ? sorted : sorted.slice(0, cover + 1);
}
