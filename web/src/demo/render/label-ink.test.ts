import { expect, it, onTestFinished, vi } from 'vitest';
import type { Context2D } from '../icons';
import { font } from './frame';
import { LabelInk } from './label-ink';

it('measures each label once in its tone, setting the font only when the tone changes', () => {
  const fonts: string[] = [];
  const measured: string[] = [];
  let current = '';
  const context = {
    get font() {
      return current;
    },
    set font(value: string) {
      current = value;
      fonts.push(value);
    },
    measureText: (text: string) => {
      measured.push(text);
      return { width: text.length * 10 } as TextMetrics;
    },
  } as unknown as Context2D;
  // As in a browser without a canvas of its own to measure on (jsdom has none): the fallback.
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  onTestFinished(() => getContext.mockRestore());
  const ink = new LabelInk(context);
  expect(ink.measure('星巴克', 'normal')).toBe(30);
  expect(ink.measure('星巴克', 'normal')).toBe(30);
  expect(ink.measure('停车场', 'zone')).toBe(30);
  expect(measured).toEqual(['星巴克', '停车场']);
  expect(fonts).toEqual([font('normal'), font('zone')]);
});
