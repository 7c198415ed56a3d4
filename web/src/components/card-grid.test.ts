import { describe, expect, it } from 'vitest';
import { cardImageSizes } from './card-grid';
import { parseSizes } from './image-sizes';

/** What a `sizes` list says at one window width, as the browser evaluates it. */
function shownAt(sizes: string, viewport: number): number {
  const rule = parseSizes(sizes).find((entry) => viewport >= entry.minViewport);
  if (!rule) throw new Error(`no entry of ${sizes} holds at ${viewport}`);
  return (rule.vw * viewport) / 100 + rule.px;
}

describe('card pictures’ sizes', () => {
  it('follows a narrow grid from four columns down to one', () => {
    const sizes = cardImageSizes('narrow', 10);
    expect(sizes).toBe(
      '(min-width: 1200px) 271px, (min-width: 1068px) calc(25vw - 29px), (min-width: 808px) calc(33.33vw - 31.33px), (min-width: 548px) calc(50vw - 36px), calc(100vw - 50px)',
    );
    // Measured in Chromium (e2e/specs/images.spec.ts checks it on every run).
    expect(shownAt(sizes, 1440)).toBe(271);
    expect(shownAt(sizes, 1100)).toBe(246);
    expect(Math.round(shownAt(sizes, 1000))).toBe(302);
    expect(shownAt(sizes, 600)).toBe(264);
    expect(shownAt(sizes, 375)).toBe(325);
  });

  it('keeps a narrow grid’s empty columns, so two cards are as narrow as ten', () => {
    expect(cardImageSizes('narrow', 2)).toBe(cardImageSizes('narrow', 10));
  });

  it('shares the row among fewer cards than columns in a normal grid', () => {
    expect(shownAt(cardImageSizes('normal', 9), 1440)).toBeCloseTo(368.67, 2);
    expect(shownAt(cardImageSizes('normal', 2), 1440)).toBe(564);
    expect(cardImageSizes('normal', 1)).toBe('(min-width: 1200px) 1150px, calc(100vw - 50px)');
  });

  it('lays four cards of a normal grid out as two rows of two', () => {
    expect(cardImageSizes('normal', 4)).toBe(
      '(min-width: 1200px) 564px, (min-width: 908px) calc(50vw - 36px), calc(100vw - 50px)',
    );
  });
});
