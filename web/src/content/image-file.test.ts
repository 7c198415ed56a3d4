import { describe, expect, it } from 'vitest';
import { imageSize, renderableWidths } from './image-file';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with precision, height and width.
  const bytes = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...new Array<number>(14).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    ...new Array<number>(9).fill(0),
  ]);
  return bytes;
}

describe('image headers', () => {
  it('reads PNG and JPEG sizes', () => {
    expect(imageSize(png(1600, 1200))).toEqual({ format: 'png', width: 1600, height: 1200 });
    expect(imageSize(jpeg(3000, 2000))).toEqual({ format: 'jpeg', width: 3000, height: 2000 });
  });

  it('refuses other files', () => {
    expect(() => imageSize(new TextEncoder().encode('<svg></svg>'))).toThrow(/not a PNG or JPEG/);
  });
});

describe('renderable widths', () => {
  const allowed = [640, 750, 828, 1080, 1200, 1920, 2048, 3840, 16, 32, 48, 64, 96, 128, 256, 384];

  it('stops at the first width covering the picture', () => {
    expect(renderableWidths(allowed, 1000)).toEqual([
      16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080,
    ]);
    expect(renderableWidths(allowed, 640)).toEqual([16, 32, 48, 64, 96, 128, 256, 384, 640]);
  });

  it('offers every width for pictures wider than the widest', () => {
    expect(renderableWidths(allowed, 5000)).toHaveLength(16);
  });
});
