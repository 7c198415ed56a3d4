// dist/venues/ as the server reads it (docs/venue-contract.md section 3), written from the tiny
// valid venue of test-fixtures/venues/valid/: the IMDF files and the positioning devices
// without whitespace, the viewer files with their .gz and .br, and the manifest's `venues` section.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LevelData, VenueSummary } from '../src/content/venues/viewer-files';
import { Problems } from '../src/checks/problems';
import { repoContentDir } from '../src/testing/repo-content-dir';
import { loadVenues } from '../src/content/venues/load-venues';
import type { LoadedVenues } from '../src/content/venues/types';
import { type EditionWords, type FileSizes, type VenuesManifest, writeVenues } from './venues';

let scratch = '';
let distDir = '';
let loaded: LoadedVenues;
let manifest: VenuesManifest;
const sizes: FileSizes[] = [];
const read = (file: string) => readFileSync(join(distDir, file));

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'venues-dist-'));
  cpSync(
    join(import.meta.dirname, '../../test-fixtures/venues/valid'),
    join(scratch, 'content/venues'),
    {
      recursive: true,
    },
  );
  cpSync(join(repoContentDir, 'venues/words.toml'), join(scratch, 'content/venues/words.toml'));
  const problems = new Problems();
  loaded = loadVenues(join(scratch, 'content'), problems)!;
  expect(problems.list).toEqual([]);
  // The fixture has no English categories: its English files are the Chinese ones, renamed here
  // to tell them apart.
  const [venue] = loaded.list;
  venue!.english = { ...venue!.english, summary: { ...venue!.summary, name: 'Tiny Mall' } };
  distDir = join(scratch, 'dist');
  manifest = writeVenues(distDir, loaded, bothWords(), (file) => sizes.push(file));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The server's words of each edition: the Chinese as loaded, the English one step apart. */
function bothWords(): Record<'zh' | 'en', EditionWords> {
  const english = { ...loaded.words, steps: { ...loaded.words.steps, depart: 'Leave {place}' } };
  const stairs = { label: 'Stairs', synonyms: [] };
  return {
    zh: loaded,
    en: { ...loaded, words: english, categories: { ...loaded.categories, stairs } },
  };
}

describe('dist/venues/', () => {
  it('holds every IMDF file of the venue, as committed but without whitespace', () => {
    for (const type of ['venue', 'level', 'unit', 'opening', 'relationship', 'manifest']) {
      const file = `venues/tiny-mall/imdf/${type}.${type === 'manifest' ? 'json' : 'geojson'}`;
      const text = read(file).toString();
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      expect(text).not.toMatch(/\n/);
      const committed = readFileSync(
        join(scratch, 'content/venues/tiny-mall', file.split('/').at(-1)!),
        'utf8',
      );
      expect(JSON.parse(text)).toEqual(JSON.parse(committed));
    }
  });

  it('writes the positioning devices beside the IMDF files, not among them', () => {
    const text = read('venues/tiny-mall/infrastructure.geojson').toString();
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    const committed = readFileSync(
      join(scratch, 'content/venues/tiny-mall/infrastructure.geojson'),
      'utf8',
    );
    expect(JSON.parse(text)).toEqual(JSON.parse(committed));
    expect(existsSync(join(distDir, 'venues/tiny-mall/imdf/infrastructure.geojson'))).toBe(false);
  });

  it('writes no device file for a venue without positioning', () => {
    const without = { ...loaded, list: loaded.list.map((v) => ({ ...v, infrastructure: null })) };
    const written = writeVenues(distDir, without, bothWords());
    expect(written.list[0]!.infrastructure).toBeNull();
    expect(existsSync(join(distDir, 'venues/tiny-mall/infrastructure.geojson'))).toBe(false);
    manifest = writeVenues(distDir, loaded, bothWords());
  });

  it('writes the summary and each level with gzip and brotli forms of the same bytes', () => {
    for (const file of ['venue.json', 'levels/L1.json', 'en/venue.json', 'en/levels/B1.json']) {
      const raw = read(`venues/tiny-mall/${file}`);
      expect(gunzipSync(read(`venues/tiny-mall/${file}.gz`))).toEqual(raw);
      expect(brotliDecompressSync(read(`venues/tiny-mall/${file}.br`))).toEqual(raw);
    }
    expect(sizes.map((s) => s.file)).toEqual([
      'venues/tiny-mall/venue.json',
      'venues/tiny-mall/en/venue.json',
      'venues/tiny-mall/levels/B1.json',
      'venues/tiny-mall/en/levels/B1.json',
      'venues/tiny-mall/levels/L1.json',
      'venues/tiny-mall/en/levels/L1.json',
    ]);
    const english = JSON.parse(read('venues/tiny-mall/en/venue.json').toString()) as VenueSummary;
    expect(english.name).toBe('Tiny Mall');
  });

  it('clears what an earlier build left', () => {
    const stale = writeVenues(distDir, { ...loaded, list: [] }, bothWords());
    expect(stale.list).toEqual([]);
    expect(existsSync(join(distDir, 'venues/tiny-mall'))).toBe(false);
    manifest = writeVenues(distDir, loaded, bothWords());
  });
});

describe("the manifest's venues section (contract section 3.1)", () => {
  it('lists the venue with its files, devices, levels, kiosks and start', () => {
    const [venue] = manifest.list;
    const summary = JSON.parse(read('venues/tiny-mall/venue.json').toString()) as VenueSummary;
    expect(venue).toEqual({
      id: 'tiny-mall',
      imdf_dir: 'venues/tiny-mall/imdf',
      infrastructure: 'venues/tiny-mall/infrastructure.geojson',
      summary: { 'zh-Hans': 'venues/tiny-mall/venue.json', en: 'venues/tiny-mall/en/venue.json' },
      levels: summary.levels.map((level) => ({
        short_name: level.short,
        id: level.id,
        file: {
          'zh-Hans': `venues/tiny-mall/levels/${level.short}.json`,
          en: `venues/tiny-mall/en/levels/${level.short}.json`,
        },
      })),
      kiosks: [{ id: summary.kiosks[0]!.id, facing: 90 }],
      start: summary.samples.start,
      flow: null,
    });
  });

  it('carries categories, groups and the server words of each language as they are', () => {
    const chinese = manifest.words['zh-Hans']!;
    expect(chinese.categories.restroom).toEqual({
      label: '卫生间',
      synonyms: ['厕所', '洗手间', 'WC'],
    });
    expect(chinese.categories.stairs).toEqual({ label: '楼梯', synonyms: [] });
    expect(chinese.groups[0]).toEqual({ label: '餐饮美食', categories: ['cafe'] });
    expect(Object.keys(manifest.words)).toEqual(['zh-Hans', 'en']);
    expect(Object.keys(manifest.words.en!)).toEqual([
      'steps',
      'api_errors',
      'api_reasons',
      'categories',
      'groups',
    ]);
    expect(manifest.words['zh-Hans']!.steps.depart).toBe(loaded.words.steps.depart);
    expect(manifest.words.en!.steps.depart).toBe('Leave {place}');
    expect(manifest.words.en!.api_errors).toEqual(loaded.words.api_errors);
    expect(manifest.words.en!.categories.stairs).toEqual({ label: 'Stairs', synonyms: [] });
  });
});

describe('the viewer files (contract sections 3.2 and 3.3)', () => {
  const summary = () => JSON.parse(read('venues/tiny-mall/venue.json').toString()) as VenueSummary;
  const level = (short: string) =>
    JSON.parse(read(`venues/tiny-mall/levels/${short}.json`).toString()) as LevelData;

  it('summarises the venue with its levels from the lowest up, kiosks and entrances', () => {
    const venue = summary();
    expect(venue).toMatchObject({
      v: 1,
      id: 'tiny-mall',
      name: '示例小商场',
      category: 'shoppingcenter',
      origin: [121.5, 31.2],
      bounds: [-200, -100, 200, 100],
      defaultLevel: 'L1',
    });
    expect(venue.levels.map((l) => [l.short, l.ordinal, l.parking])).toEqual([
      ['B1', -1, true],
      ['L1', 0, false],
    ]);
    expect(venue.kiosks).toEqual([
      { id: expect.any(String), name: 'L1 西门导视屏', level: 'L1', at: [-45, 0], facing: 90 },
    ]);
    expect(venue.entrances).toEqual([
      { id: venue.samples.start, name: '西门', level: 'L1', at: [-200, 0] },
    ]);
    expect(venue.samples.routeFrom).toBe('B1-001');
    expect(venue.labels).toMatchObject({
      cafe: '咖啡',
      'pedestrian.principal': '出入口',
      restroom: '卫生间',
    });
  });

  it('draws units in decimetres, flat rings without the closing repeat', () => {
    const walkway = level('L1').units.find((unit) => unit.c === 'walkway')!;
    expect(walkway.g).toEqual([[-200, -30, 200, -30, 200, 30, -200, 30]]);
    expect(walkway.n).toBeUndefined();
  });

  it("names a unit by its occupant, labelled at the occupant's anchor", () => {
    const shop = level('L1').units.find((unit) => unit.o)!;
    expect(shop).toMatchObject({
      c: 'room',
      n: '星巴克',
      lp: [-125, 65],
      o: { c: 'cafe', h: 'Mo-Su 07:00-22:00', p: '+862100000000' },
    });
    expect(shop.o).not.toHaveProperty('w');
  });

  it('puts openings, amenities, fixtures, sections and kiosks on their level', () => {
    const l1 = level('L1');
    const b1 = level('B1');
    expect(l1.openings.find((o) => o.n === '西门')).toMatchObject({
      c: 'pedestrian.principal',
      a: [-200, -10, -200, 10],
    });
    expect(l1.amenities).toEqual([
      { id: expect.any(String), c: 'atm', at: [50, 15], n: '自助取款机', u: expect.any(String) },
    ]);
    expect(l1.fixtures).toHaveLength(1);
    expect(l1.kiosks[0]).toMatchObject({ at: [-45, 0], n: 'L1 西门导视屏' });
    expect(b1.sections).toEqual([
      {
        id: expect.any(String),
        c: 'parking',
        g: [[-120, -100, 0, -100, 0, -30, -120, -30]],
        n: 'A区',
      },
    ]);
    expect(b1.amenities).toEqual([]);
    expect(l1.outline).toEqual([[[-200, -100, 200, -100, 200, 100, -200, 100]]]);
  });
});
