import { describe, expect, it } from 'vitest';
import { displayWidth, label } from './schema-parts';

describe('a label drawn in a fixed space', () => {
  it('counts a Chinese character or a full-width sign as two letters', () => {
    expect(displayWidth('UWB 基站')).toBe(8);
    expect(displayWidth('（±1 m）')).toBe(8);
    expect(displayWidth('Road stud beacons')).toBe(17);
  });

  it('takes as many Chinese characters as half its letters, in either edition', () => {
    const title = label(24, 'diagram titles');
    expect(title.safeParse('十二个汉字的图表标题正好').success).toBe(true);
    expect(title.safeParse('十三个汉字的图表标题超出了').success).toBe(false);
    expect(title.safeParse('Positioning engine x 24').success).toBe(true);
    expect(title.safeParse('Positioning engine 25 ch.').error?.issues[0]?.message).toBe(
      'keep diagram titles to 12 Chinese characters or 24 letters',
    );
  });
});
