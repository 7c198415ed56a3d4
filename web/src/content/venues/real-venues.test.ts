// The venues of the live demo as committed in content/venues/: they pass every check of contract
// section 5 and those of their positioning devices, and the first level each venue shows stays
// within its budget over the wire.
import { describe, expect, it } from 'vitest';
import { Problems } from '../../checks/problems';
import { repoContentDir } from '../../testing/repo-content-dir';
import { defaultLevelBudget, gzip } from './compression';
import { loadVenues } from './load-venues';

const problems = new Problems();
const venues = loadVenues(repoContentDir, problems);

describe('content/venues/', () => {
  it('validates with no problem', () => {
    expect(problems.list).toEqual([]);
    expect(venues?.list.map((venue) => venue.id)).toEqual(
      expect.arrayContaining(['demo-mall', 'demo-hospital']),
    );
  });

  it.each([
    ['demo-mall', 'L1', 'B1'],
    ['demo-hospital', 'L1', 'L3'],
  ])('loads the positioning devices of %s (AoA on %s, UWB on %s)', (id, aoa, uwb) => {
    const venue = venues!.list.find((v) => v.id === id)!;
    const short = new Map(venue.levels.map((level) => [level.id, level.short]));
    const levelsOf = (kind: string) =>
      new Set(
        venue
          .infrastructure!.devices.filter((d) => d.properties.kind === kind)
          .map((d) => short.get(d.properties.level_id)),
      );
    expect(levelsOf('ble_beacon')).toEqual(new Set(venue.levels.map((level) => level.short)));
    expect(levelsOf('aoa_gateway')).toEqual(new Set([aoa]));
    expect(levelsOf('uwb_anchor')).toEqual(new Set([uwb]));
  });

  it.each(venues?.list ?? [])(
    'keeps the default level of $id within 150 KB gzipped, in each language',
    ({ levels, english, settings }) => {
      for (const files of [levels, english.levels]) {
        const first = files.find((level) => level.short === settings.default_level)!;
        const size = gzip(Buffer.from(JSON.stringify(first))).length;
        expect(size).toBeLessThanOrEqual(defaultLevelBudget);
      }
    },
  );

  it.each(venues?.list ?? [])('has English viewer files for $id, named in English', (venue) => {
    const han = /\p{Script=Han}/u;
    const { summary, levels } = venue.english;
    expect(summary.name).not.toMatch(han);
    expect(summary.levels.map((level) => level.short)).toEqual(
      venue.summary.levels.map((level) => level.short),
    );
    for (const entry of [...summary.levels, ...summary.kiosks, ...summary.entrances]) {
      expect(entry.name).not.toMatch(han);
    }
    expect(Object.values(summary.labels).join(' ')).not.toMatch(han);
    // Every name the demo data has in English, drawn on the map in English.
    for (const level of levels) {
      for (const unit of level.units) expect(unit.n ?? '').not.toMatch(han);
    }
  });
});
