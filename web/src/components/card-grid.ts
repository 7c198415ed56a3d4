// The card grids' columns as styles/site/sections.css lays them out (.section and .card-grid),
// so a picture in a card can say how wide it is shown at every window width. Keep these numbers
// in step with the stylesheet: the browser test in e2e/specs/images.spec.ts compares every
// picture's `sizes` with its laid-out width.

export type GridWidth = 'normal' | 'wide' | 'narrow' | 'five';

/** `.section`: content at most this wide, padding included. */
const sectionWidth = 1200;
const sectionPadding = 24;
const columnGap = 20;
/** A card's picture spans the card's border box minus its 1 px borders. */
const cardBorders = 2;

/**
 * Each grid's narrowest column. `auto-fit` grids share out the row among fewer items than
 * columns; `auto-fill` grids keep the empty columns.
 */
const columns: Record<GridWidth, { min: number; fill: 'auto-fit' | 'auto-fill' }> = {
  normal: { min: 300, fill: 'auto-fit' },
  wide: { min: 420, fill: 'auto-fit' },
  narrow: { min: 240, fill: 'auto-fill' },
  five: { min: 200, fill: 'auto-fit' },
};

/**
 * Four cards in a normal grid are laid out as two rows of two (styles/site/sections.css,
 * `:has()`).
 */
function columnsOf(width: GridWidth, items: number) {
  return width === 'normal' && items === 4 ? columns.wide : columns[width];
}

const round = (value: number) => Number(value.toFixed(2));

/** The `sizes` of a picture filling one card of a grid of `items` cards. */
export function cardImageSizes(width: GridWidth, items: number): string {
  const { min, fill } = columnsOf(width, items);
  const content = sectionWidth - 2 * sectionPadding;
  const fitting = Math.max(1, Math.floor((content + columnGap) / (min + columnGap)));
  const most = fill === 'auto-fit' ? Math.max(1, Math.min(fitting, items)) : fitting;
  const gaps = (count: number) => columnGap * (count - 1);
  const widest = (content - gaps(most)) / most - cardBorders;
  const entries = [`(min-width: ${sectionWidth}px) ${round(widest)}px`];
  for (let count = most; count >= 2; count -= 1) {
    // `count` columns of at least `min` fit from this window width on.
    const from = count * min + gaps(count) + 2 * sectionPadding;
    if (from >= sectionWidth) continue;
    const px = (2 * sectionPadding + gaps(count)) / count + cardBorders;
    entries.push(`(min-width: ${from}px) calc(${round(100 / count)}vw - ${round(px)}px)`);
  }
  entries.push(`calc(100vw - ${2 * sectionPadding + cardBorders}px)`);
  return entries.join(', ');
}
