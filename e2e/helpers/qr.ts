// Reads a QR code the way a phone would: from pixels on screen.
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

export async function decodeQr(image: Locator): Promise<string | null> {
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data ?? null;
}
