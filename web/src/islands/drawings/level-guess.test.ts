import { describe, expect, it } from 'vitest';
import { guessLevel } from './level-guess';

const names = { above: '{numeral}层', below: '地下{numeral}层' };

describe('a level guessed from a drawing’s file name', () => {
  it.each([
    ['B1.dxf', 'B1', -1, '地下一层'],
    ['mall-b2.dxf', 'B2', -2, '地下二层'],
    ['L1.dxf', 'L1', 0, '一层'],
    ['demo-mall-L2.dxf', 'L2', 1, '二层'],
    ['3F.dxf', 'L3', 2, '三层'],
    ['-1F 平面图.dxf', 'B1', -1, '地下一层'],
    ['F12.dxf', 'L12', 11, '十二层'],
    ['地下二层平面图.dxf', 'B2', -2, '地下二层'],
    ['二十层.dxf', 'L20', 19, '二十层'],
    ['十一层.dxf', 'L11', 10, '十一层'],
  ])('%s is %s', (file, short, ordinal, name) => {
    expect(guessLevel(file, 0, names)).toEqual({ short, ordinal, name });
  });

  it('is named in the words of the page: in digits in English', () => {
    const english = { above: 'Level {n}', below: 'Basement {n}' };
    expect(guessLevel('mall-b2.dxf', 0, english).name).toBe('Basement 2');
    expect(guessLevel('二十层.dxf', 0, english)).toEqual({
      short: 'L20',
      ordinal: 19,
      name: 'Level 20',
    });
  });

  it('falls back on the order the drawings were chosen in', () => {
    expect(guessLevel('office.dxf', 2, names)).toEqual({ short: 'L3', ordinal: 2, name: '三层' });
    expect(guessLevel('plan2020.dxf', 0, names).short).toBe('L1');
  });
});
