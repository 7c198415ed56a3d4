import { describe, expect, it } from 'vitest';
import { cutText, jsonText } from './json-text';

describe('the API panel text', () => {
  it('indents objects and keeps plain arrays on one line', () => {
    expect(jsonText({ a: [1, 2, 3], b: { c: 'x' }, d: [] })).toBe(
      '{\n  "a": [1, 2, 3],\n  "b": {\n    "c": "x"\n  },\n  "d": []\n}',
    );
    expect(JSON.parse(jsonText({ g: [[1, 2], [3]], n: null }))).toEqual({
      g: [[1, 2], [3]],
      n: null,
    });
  });

  it('cuts long text at a line end', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const cut = cutText(text, 100);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(102);
    expect(cut.text.endsWith('\n…')).toBe(true);
    expect(cutText('short', 100)).toEqual({ text: 'short', cut: false });
  });
});
