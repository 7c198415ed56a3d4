import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { repoContentDir } from '../testing/repo-content-dir';
import { formatOpeningHours, readOpeningHours } from './opening-hours';
import { openingHoursWordsSchema } from './opening-hours-words';

const venuesDir = join(repoContentDir, 'venues');
const wordsTable = parse(readFileSync(join(venuesDir, 'words.toml'), 'utf8')) as {
  viewer: { hours: unknown };
};
const words = openingHoursWordsSchema.parse(wordsTable.viewer.hours);
const englishWords = openingHoursWordsSchema.parse(
  (
    parse(readFileSync(join(repoContentDir, 'en/venues/words.toml'), 'utf8')) as {
      viewer: { hours: unknown };
    }
  ).viewer.hours,
);

/** Every `hours` of every feature in content/venues, each once. */
function venueHours(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(venuesDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.geojson')) continue;
    const collection = JSON.parse(readFileSync(join(venuesDir, entry), 'utf8')) as {
      features?: { properties?: { hours?: unknown } | null }[];
    };
    for (const feature of collection.features ?? []) {
      const hours = feature.properties?.hours;
      if (typeof hours === 'string') found.add(hours);
    }
  }
  return [...found].sort();
}

describe('opening hours in Chinese', () => {
  it.each([
    ['Mo-Su 07:30-22:00', '每天 07:30–22:00'],
    ['Mo-Fr 08:00-17:00; Sa 09:00-12:00', '周一至周五 08:00–17:00；周六 09:00–12:00'],
    ['Mo-Fr 08:00-17:00; Sa-Su 08:00-12:00', '周一至周五 08:00–17:00；周六、周日 08:00–12:00'],
    ['24/7', '全天 24 小时'],
    ['Mo-Fr 08:00-12:00,13:30-17:30', '周一至周五 08:00–12:00、13:30–17:30'],
    ['Mo-We,Fr 09:00-18:00; Th off', '周一至周三、周五 09:00–18:00；周四 休息'],
    ['Mo-Sa 07:30-11:30; Su closed', '周一至周六 07:30–11:30；周日 休息'],
    ['Mo-Su 12:00-02:00', '每天 12:00–次日 02:00'],
    ['Fr-Sa 22:00-26:00', '周五、周六 22:00–次日 02:00'],
    ['Mo-Su 09:30-24:00', '每天 09:30–24:00'],
    ['Sa-Mo 10:00-16:00', '周六至周一 10:00–16:00'],
    ['Mo-Fr,Sa,Su 10:00-20:00', '每天 10:00–20:00'],
    ['10:00-22:00', '每天 10:00–22:00'],
    ['Mo-Fr', '周一至周五 全天'],
    ['Mo-Su 10:00-22:00; PH off', '每天 10:00–22:00；法定节假日 休息'],
    ['SH 08:00-12:00', '学校假期 08:00–12:00'],
    ['Mo-Su 18:00+', '每天 18:00（结束时间不定）'],
    ['Mo-Su 10:00-02:00+', '每天 10:00–次日 02:00（结束时间不定）'],
    ['Mo-Fr 08:00-17:00;Sa 09:00-12:00', '周一至周五 08:00–17:00；周六 09:00–12:00'],
  ])('reads %s as %s', (hours, expected) => {
    expect(formatOpeningHours(hours, words)).toBe(expected);
  });

  it.each([
    'Mo-Fr 08:00-17:00 "仅限预约"',
    'Jan-Mar Mo-Fr 08:00-17:00',
    'Mo-Fr 8:00-17:00',
    'Mo-Fr 08:00-25:60',
    'Mo-PH 08:00-17:00',
    'sunrise-sunset',
    'Mo-Fr 08:00-17:00;',
    'Mo-Fr 08:00-17:00 off',
    '',
  ])('shows %j exactly as written, since it cannot read it', (hours) => {
    expect(readOpeningHours(hours, words)).toBeUndefined();
    expect(formatOpeningHours(hours, words)).toBe(hours);
  });

  it('reads every form of opening hours in content/venues', () => {
    const all = venueHours();
    expect(all).toContain('Mo-Su 10:00-22:00');
    expect(all.length).toBeGreaterThan(10);
    const unread = all.filter((hours) => readOpeningHours(hours, words) === undefined);
    expect(unread).toEqual([]);
    // Nothing of OSM's notation is left for a visitor to decode.
    for (const hours of all) {
      expect(formatOpeningHours(hours, words)).not.toMatch(/Mo|Tu|We|Th|Fr|Sa|Su|PH|off|\/|;/);
    }
  });
});

describe('opening hours in English (issue #35)', () => {
  it.each([
    ['Mo-Su 07:30-22:00', 'Daily 07:30–22:00'],
    ['Mo-Fr 08:00-17:00; Sa-Su 08:00-12:00', 'Mon–Fri 08:00–17:00; Sat, Sun 08:00–12:00'],
    ['Mo-We,Fr 09:00-18:00; Th off', 'Mon–Wed, Fri 09:00–18:00; Thu closed'],
    ['Mo-Su 12:00-02:00', 'Daily 12:00–02:00 next day'],
  ])('%s reads %s, its separators with their spaces', (hours, read) => {
    expect(formatOpeningHours(hours, englishWords)).toBe(read);
  });
});
