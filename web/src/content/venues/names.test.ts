import { describe, expect, it } from 'vitest';
import { namesIn, venueNameIn } from './names';
import type { LoadedVenue } from './types';

const feature = (id: string, name: Record<string, string> | null) => ({
  id,
  type: 'Feature',
  properties: { name },
});

const venue = {
  summary: { name: '寻境示范购物中心' },
  imdf: {
    manifest: {},
    files: {
      venue: {
        features: [feature('v1', { 'zh-Hans': '寻境示范购物中心', en: 'Indora Demo Mall' })],
      },
      level: { features: [feature('l1', { 'zh-Hans': '一层', en: 'Level 1' })] },
      kiosk: { features: [feature('k1', { 'zh-Hans': '北中庭导视屏' }), feature('k2', null)] },
    },
  },
} as unknown as LoadedVenue;

describe("a venue's names in an edition's language", () => {
  it('are the English labels of the IMDF features in English', () => {
    const name = namesIn(venue, 'en');
    expect(name('l1', '一层')).toBe('Level 1');
    expect(venueNameIn(venue, 'en')).toBe('Indora Demo Mall');
  });

  it('keep the Chinese name of a feature without an English one, and in Chinese', () => {
    expect(namesIn(venue, 'en')('k1', '北中庭导视屏')).toBe('北中庭导视屏');
    expect(namesIn(venue, 'en')('k2', '南门')).toBe('南门');
    expect(namesIn(venue, 'en')('nope', '二层')).toBe('二层');
    expect(namesIn(venue, 'zh')('l1', '一层')).toBe('一层');
    expect(venueNameIn(venue, 'zh')).toBe('寻境示范购物中心');
  });
});
