import { describe, expect, it } from 'vitest';
import { renderableWidths } from '../content/image-file';
import { parseSizes, srcsetWidths } from './image-sizes';

// content/site.toml's widths, as a 1600 px picture is rendered (up to the first that covers it).
const allowed = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];
const renderable = renderableWidths(allowed, 1600);

describe('parsing sizes', () => {
  it('reads fixed, viewport and calc widths with their min-width conditions', () => {
    expect(
      parseSizes('(min-width: 1200px) 552px, (min-width: 900px) calc(50vw - 48px), 100vw'),
    ).toEqual([
      { minViewport: 1200, vw: 0, px: 552 },
      { minViewport: 900, vw: 50, px: -48 },
      { minViewport: 0, vw: 100, px: 0 },
    ]);
    expect(parseSizes('calc(33.33vw + 2.5px)')).toEqual([{ minViewport: 0, vw: 33.33, px: 2.5 }]);
  });

  it('refuses lists it cannot read, naming the list and the entry', () => {
    expect(() => parseSizes('(max-width: 600px) 100vw, 50vw')).toThrow(
      'sizes "(max-width: 600px) 100vw, 50vw": "(max-width: 600px) 100vw" needs a (min-width: Npx) condition',
    );
    expect(() => parseSizes('(min-width: 600px) 50vw')).toThrow(
      'the last entry must have no condition',
    );
    expect(() => parseSizes('(min-width: 600px) 20em, 100vw')).toThrow(
      '"(min-width: 600px) 20em" is not Npx, Nvw or calc(Nvw ± Npx)',
    );
    expect(() => parseSizes('(min-width: 600px) 50vw, (min-width: 900px) 30vw, 100vw')).toThrow(
      '"(min-width: 900px) 30vw" never applies, an earlier entry covers it',
    );
  });
});

describe('srcset widths from sizes', () => {
  it('offers a picture of fixed width at 1x and 2x', () => {
    // 280 px: 384 covers it at 1x, 640 at 2x.
    expect(srcsetWidths('280px', renderable)).toEqual([384, 640]);
    expect(srcsetWidths('640px', renderable)).toEqual([640, 1920]);
  });

  it('never offers the small widths meant for icons to a picture shown 280 px and wider', () => {
    const widths = srcsetWidths(
      '(min-width: 1200px) 552px, (min-width: 900px) calc(50vw - 48px), (min-width: 721px) calc(100vw - 48px), calc(100vw - 40px)',
      renderable,
    );
    // Shown 280 px (at 320) to 851 px (at 899): 1x needs 384 to 1080, 2x 640 to 1920.
    expect(widths).toEqual([384, 640, 750, 828, 1080, 1200, 1920]);
  });

  it('takes each entry only up to the window width where the entry before it starts', () => {
    // 100vw applies below 1000 px only, so it never asks for more than 1000 px at 1x.
    expect(srcsetWidths('(min-width: 1000px) 200px, 100vw', allowed)).toEqual([
      256, 384, 640, 750, 828, 1080, 1200, 1920, 2048,
    ]);
  });

  it('counts from the narrowest phone, not from zero', () => {
    // 50vw is at least 160 px (at 320 px) and grows with the screen: every width from 256.
    expect(srcsetWidths('50vw', allowed)).toEqual([
      256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840,
    ]);
    // An entry for windows narrower than any phone adds nothing.
    expect(srcsetWidths('(min-width: 300px) 100px, 20px', allowed)).toEqual([128, 256]);
  });

  it('stops at the widest width the picture is rendered at', () => {
    expect(srcsetWidths('1200px', renderableWidths(allowed, 1000))).toEqual([1080]);
    expect(srcsetWidths('100vw', renderable)).toEqual([384, 640, 750, 828, 1080, 1200, 1920]);
  });
});
