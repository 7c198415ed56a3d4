import { describe, expect, it } from 'vitest';
import { resultMeta } from './result-meta';
import { testResult } from './test-level';
import { testWords } from './test-words';

const words = testWords();
const shop = { ...testResult(), distance_m: 29.6 };

describe("a search result's meta line", () => {
  it('gives the level, the category and the rounded distance', () => {
    expect(resultMeta(words, shop)).toBe('L1 · 咖啡 · 30 米');
  });

  it('leaves out a missing category or distance', () => {
    expect(resultMeta(words, { ...shop, category_label: '' })).toBe('L1 · 30 米');
    expect(resultMeta(words, { ...shop, distance_m: null })).toBe('L1 · 咖啡');
  });
});
