// A picture's srcset offers only the widths its `sizes` says it can be shown at, the way
// Next.js derives them from `sizes` (getWidths in next/image), but from the whole list rather
// than its smallest vw fraction: the browser picks the narrowest candidate that covers the
// shown width times the screen's density, so every other width is bytes of HTML for nothing.

/** One entry of a `sizes` list: from which viewport width on it holds, and the width it gives. */
export interface SizeRule {
  /** The entry's `(min-width: Npx)`; 0 for the last entry, which has no condition. */
  minViewport: number;
  /** The picture's width is `vw * viewport / 100 + px` CSS pixels. */
  vw: number;
  px: number;
}

/** The narrowest viewport worth serving: phones are 320 CSS pixels wide and up. */
export const narrowestViewport = 320;

/**
 * Screen densities pictures are offered for. Screens sold as 3x show little more than 2x does,
 * for over twice the bytes, so 2x is the top (Next.js reasons the same way); a 3x screen
 * still gets the sharpest width offered.
 */
export const densities = [1, 2] as const;

const number = String.raw`(\d+(?:\.\d+)?)`;
const conditionPattern = new RegExp(String.raw`^\(min-width:\s*${number}px\)\s+(.+)$`);
const pxPattern = new RegExp(String.raw`^${number}px$`);
const vwPattern = new RegExp(String.raw`^${number}vw$`);
const calcPattern = new RegExp(String.raw`^calc\(\s*${number}vw\s*([+-])\s*${number}px\s*\)$`);

function parseLength(length: string): { vw: number; px: number } | undefined {
  const px = pxPattern.exec(length);
  if (px) return { vw: 0, px: Number(px[1]) };
  const vw = vwPattern.exec(length);
  if (vw) return { vw: Number(vw[1]), px: 0 };
  const calc = calcPattern.exec(length);
  if (calc) return { vw: Number(calc[1]), px: Number(calc[3]) * (calc[2] === '-' ? -1 : 1) };
  return undefined;
}

/**
 * Reads a `sizes` list of the shapes this site writes: entries `(min-width: Npx) LENGTH` from
 * the widest viewport down, then a last `LENGTH` for the rest, where LENGTH is `Npx`, `Nvw` or
 * `calc(Nvw ± Npx)`. Anything else throws, naming the list, so a picture is never offered
 * widths computed from a guess.
 */
export function parseSizes(sizes: string): SizeRule[] {
  const entries = sizes.split(',').map((entry) => entry.trim());
  const rules: SizeRule[] = [];
  let previous = Infinity;
  entries.forEach((entry, index) => {
    const last = index === entries.length - 1;
    const condition = conditionPattern.exec(entry);
    if (!last && !condition) {
      throw new Error(`sizes "${sizes}": "${entry}" needs a (min-width: Npx) condition`);
    }
    if (last && condition) {
      throw new Error(`sizes "${sizes}": the last entry must have no condition`);
    }
    const minViewport = condition ? Number(condition[1]) : 0;
    const length = parseLength(condition ? (condition[2] ?? '') : entry);
    if (!length) {
      throw new Error(`sizes "${sizes}": "${entry}" is not Npx, Nvw or calc(Nvw ± Npx)`);
    }
    if (minViewport >= previous) {
      throw new Error(`sizes "${sizes}": "${entry}" never applies, an earlier entry covers it`);
    }
    previous = minViewport;
    rules.push({ minViewport, ...length });
  });
  return rules;
}

/**
 * The widths to put in the srcset of a picture laid out as `sizes`, out of `renderable` (the
 * widths the server renders it at, ascending): for every viewport from the narrowest on and
 * every density, the narrowest renderable width that covers what the screen shows, or the
 * widest there is.
 */
export function srcsetWidths(sizes: string, renderable: readonly number[]): number[] {
  const chosen = new Set<number>();
  // Index of the narrowest renderable width of at least `needed` device pixels.
  const cover = (needed: number): number => {
    const index = renderable.findIndex((width) => width >= needed);
    return index === -1 ? renderable.length - 1 : index;
  };
  // Each entry holds from its own min-width up to the min-width of the entry before it.
  let upTo = Infinity;
  for (const rule of parseSizes(sizes)) {
    const from = Math.max(rule.minViewport, narrowestViewport);
    if (from < upTo) {
      const shown = (viewport: number) => Math.max(1, (rule.vw * viewport) / 100 + rule.px);
      const narrowest = shown(from);
      // A width in vw with no wider entry above it grows with the screen: no end but the list's.
      const widest = upTo === Infinity ? (rule.vw > 0 ? Infinity : narrowest) : shown(upTo);
      for (const density of densities) {
        const covering = renderable.slice(cover(narrowest * density), cover(widest * density) + 1);
        for (const width of covering) chosen.add(width);
      }
    }
    upTo = rule.minViewport;
  }
  return [...chosen].sort((a, b) => a - b);
}
