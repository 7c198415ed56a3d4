// Each rule of the venue validation (docs/venue-contract.md section 5), broken once in a copy of
// the tiny valid venue of test-fixtures/venues/valid/, must stop the build with a message
// naming the file and the feature (or the field of a TOML file). The words are the real
// content/venues/words.toml, so the fixture never falls behind the keys the server and the viewer
// need.
import { cpSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Problems } from '../../checks/problems';
import { repoContentDir } from '../../testing/repo-content-dir';
import { projection } from './geometry';
import { loadVenues } from './load-venues';
import { editText, inScratchDir } from './scratch-files';
import type { LoadedVenues } from './types';

const fixtureDir = join(import.meta.dirname, '../../../../test-fixtures/venues/valid');
const venue = 'tiny-mall';

interface Feature {
  id: string;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown>;
}
interface Collection {
  type: string;
  features: Feature[];
}

function fixtureFeatures(type: string): Feature[] {
  const text = readFileSync(join(fixtureDir, venue, `${type}.geojson`), 'utf8');
  return (JSON.parse(text) as Collection).features;
}

const nameOf = (feature: Feature) =>
  (feature.properties.name as Record<string, string> | null)?.['zh-Hans'];

/** The id of the fixture feature of `type` matching `test`. */
function idOf(type: string, test: (feature: Feature) => boolean): string {
  const found = fixtureFeatures(type).find(test);
  if (!found) throw new Error(`the fixture has no such ${type}`);
  return found.id;
}

const levelId = (short: string) =>
  idOf('level', (f) => (f.properties.short_name as Record<string, string>)['zh-Hans'] === short);
const unitOnL1 = (name: string) =>
  idOf('unit', (f) => nameOf(f) === name && f.properties.level_id === levelId('L1'));
const ids = {
  L1: levelId('L1'),
  B1: levelId('B1'),
  shopA: fixtureFeatures('anchor')[0]!.properties.unit_id as string,
  shopB: unitOnL1('示例书店'),
  elevatorL1: unitOnL1('1 号电梯'),
  stairsL1: unitOnL1('1 号楼梯'),
  elevatorB1: idOf(
    'unit',
    (f) => nameOf(f) === '1 号电梯' && f.properties.level_id === levelId('B1'),
  ),
  space1: idOf('unit', (f) => nameOf(f) === 'B1-001'),
  space2: idOf('unit', (f) => nameOf(f) === 'B1-002'),
  west: idOf('opening', (f) => nameOf(f) === '西门'),
  anchor: idOf('anchor', () => true),
  occupant: idOf('occupant', () => true),
  atm: idOf('amenity', () => true),
  kiosk: idOf('kiosk', () => true),
  zone: idOf('section', () => true),
  building: idOf('building', () => true),
  elevatorRide: idOf('relationship', (f) => f.properties.category === 'elevator'),
  stairsRide: idOf('relationship', (f) => f.properties.category === 'stairs'),
};
/** The fixture's positioning devices by name (infrastructure.geojson). */
const device = (name: string) => idOf('infrastructure', (f) => f.properties.name === name);
const beacon1 = device('L1-BLE-001');
const beacon2 = device('L1-BLE-002');

/** Shop C: the unnamed room without an occupant. */
const shopC = idOf(
  'unit',
  (f) => f.properties.category === 'room' && !nameOf(f) && f.id !== ids.shopA,
);

// The fixture's local frame (contract section 2.3): metres east and north of the venue's point.
const frame = projection([121.5, 31.2]);
const at = (x: number, y: number) => frame.toLonLat([x, y]).map((v) => +v.toFixed(7));
const ring = (...points: [number, number][]) => [...points, points[0]!].map(([x, y]) => at(x, y));
const rect = (x1: number, y1: number, x2: number, y2: number) => ({
  type: 'Polygon',
  coordinates: [ring([x1, y1], [x2, y1], [x2, y2], [x1, y2])],
});
const line = (x1: number, y1: number, x2: number, y2: number) => ({
  type: 'LineString',
  coordinates: [at(x1, y1), at(x2, y2)],
});

/** The fixture's opening from x1, y1 to x2, y2 on a level. */
const doorAt = (short: string, x1: number, y1: number, x2: number, y2: number) =>
  idOf(
    'opening',
    (f) =>
      f.properties.level_id === levelId(short) &&
      JSON.stringify(f.geometry?.coordinates) === JSON.stringify(line(x1, y1, x2, y2).coordinates),
  );
const shopBDoor = doorAt('L1', 0, 3, 2, 3);
const space2Door = doorAt('B1', -7.5, -3, -5, -3);

/** Loads a scratch content/ holding the fixture's venues and the real words.toml. */
function load(mutate: (venues: string) => void = () => {}): {
  problems: string[];
  loaded: LoadedVenues | undefined;
} {
  return inScratchDir('venues-', (dir) => {
    const venues = join(dir, 'venues');
    cpSync(fixtureDir, venues, { recursive: true });
    cpSync(join(repoContentDir, 'venues/words.toml'), join(venues, 'words.toml'));
    mutate(venues);
    const problems = new Problems();
    const loaded = loadVenues(dir, problems);
    return { problems: problems.list, loaded };
  });
}

function editCollection(venues: string, type: string, change: (collection: Collection) => void) {
  const path = join(venues, venue, `${type}.geojson`);
  const collection = JSON.parse(readFileSync(path, 'utf8')) as Collection;
  change(collection);
  writeFileSync(path, JSON.stringify(collection));
}

function editFeature(venues: string, type: string, id: string, change: (feature: Feature) => void) {
  editCollection(venues, type, (collection) => {
    const feature = collection.features.find((f) => f.id === id);
    if (!feature) throw new Error(`no ${type} ${id} in the fixture`);
    change(feature);
  });
}

const setProperty = (venues: string, type: string, id: string, key: string, value: unknown) =>
  editFeature(venues, type, id, (feature) => {
    feature.properties[key] = value;
  });

const file = (name: string) => `content/venues/${venue}/${name}`;

interface Case {
  rule: string;
  mutate: (venues: string) => void;
  /** The start of the problem: `<file>: <field>`. */
  at: string;
  message: RegExp;
}

/** A case's edit of one property, with the problem expected at that property. */
const setting = (
  type: string,
  id: string,
  key: string,
  value: unknown,
): Pick<Case, 'mutate' | 'at'> => ({
  mutate: (v) => setProperty(v, type, id, key, value),
  at: `${file(`${type}.geojson`)}: feature ${id} properties.${key}`,
});

const cases: Case[] = [
  // The files
  {
    rule: 'every IMDF file of the venue is present',
    mutate: (v) => unlinkSync(join(v, venue, 'relationship.geojson')),
    at: file('relationship.geojson'),
    message: /file is missing/,
  },
  {
    rule: 'a venue directory holds only its files',
    mutate: (v) => writeFileSync(join(v, venue, 'notes.txt'), 'notes'),
    at: file('notes.txt'),
    message: /not a file of a venue directory/,
  },
  {
    rule: 'venue directories are named like venue ids',
    mutate: (v) => renameSync(join(v, venue), join(v, 'Tiny_Mall')),
    at: 'content/venues/Tiny_Mall',
    message: /lowercase letters, digits and hyphens/,
  },
  {
    rule: 'each file is valid JSON',
    mutate: (v) => editText(v, `${venue}/unit.geojson`, (text) => text.slice(0, -10)),
    at: file('unit.geojson'),
    message: /not valid JSON/,
  },
  {
    rule: 'each file is a FeatureCollection',
    mutate: (v) => writeFileSync(join(v, venue, 'kiosk.geojson'), '{"type": "Feature"}'),
    at: file('kiosk.geojson'),
    message: /must be a GeoJSON FeatureCollection/,
  },
  {
    rule: 'manifest.json is an IMDF 1.0.0 manifest',
    mutate: (v) =>
      editText(v, `${venue}/manifest.json`, (t) => t.replace('"1.0.0"', '"1.0.0.beta"')),
    at: `${file('manifest.json')}: version`,
    message: /must be "1.0.0"/,
  },
  // Features and their properties
  {
    rule: 'ids are version-4 UUIDs',
    mutate: (v) =>
      editFeature(v, 'kiosk', ids.kiosk, (f) => {
        f.id = f.id.replace(/^(.{14})4/, '$11');
      }),
    at: `${file('kiosk.geojson')}: feature ${ids.kiosk.replace(/^(.{14})4/, '$11')} id`,
    message: /must be a version-4 UUID/,
  },
  {
    rule: 'ids are unique across the venue',
    mutate: (v) =>
      editFeature(
        v,
        'fixture',
        idOf('fixture', () => true),
        (f) => {
          f.id = ids.kiosk;
        },
      ),
    at: `${file('kiosk.geojson')}: feature ${ids.kiosk} id`,
    message: /is also the id of a fixture in content\/venues\/tiny-mall\/fixture.geojson/,
  },
  {
    rule: 'feature_type matches the file',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        (f as unknown as Record<string, string>).feature_type = 'fixture';
      }),
    at: `${file('unit.geojson')}: feature ${shopC} feature_type`,
    message: /is "fixture"; unit.geojson holds only "unit" features/,
  },
  {
    rule: 'every property key of the type is present',
    mutate: (v) =>
      editFeature(v, 'unit', ids.shopB, (f) => {
        delete f.properties.alt_name;
      }),
    at: `${file('unit.geojson')}: feature ${ids.shopB} properties.alt_name`,
    message: /is missing; every unit carries every IMDF property key/,
  },
  {
    rule: 'no property outside the type',
    ...setting('unit', ids.shopB, 'colour', 'red'),
    message: /is not an IMDF property of a unit/,
  },
  {
    rule: 'properties have their type',
    ...setting('level', ids.L1, 'ordinal', '0'),
    message: /must be a number/,
  },
  {
    rule: 'categories come from IMDF',
    ...setting('unit', ids.shopB, 'category', 'bookshop'),
    message: /is not an IMDF unit category/,
  },
  {
    rule: 'occupant categories are lowercase dotted codes',
    ...setting('occupant', ids.occupant, 'category', 'Coffee Shop'),
    message: /must be an IMDF occupant category/,
  },
  {
    rule: 'hours are OSM opening_hours',
    ...setting('occupant', ids.occupant, 'hours', '早上七点到晚上十点'),
    message: /must be OSM opening_hours/,
  },
  {
    rule: 'phones are E.164',
    ...setting('occupant', ids.occupant, 'phone', '021-1234 5678'),
    message: /must be an E.164 number/,
  },
  {
    rule: 'names have a Chinese entry',
    ...setting('unit', ids.shopB, 'name', { en: 'Books' }),
    message: /needs a "zh-Hans" entry/,
  },
  {
    rule: 'every category used has an entry in categories.toml',
    mutate: (v) => editText(v, 'categories.toml', (t) => t.replace(/\[categories\.atm\][^[]*/, '')),
    at: `${file('amenity.geojson')}: feature ${ids.atm} properties.category`,
    message: /"atm" has no entry in content\/venues\/categories.toml/,
  },
  // Geometry
  {
    rule: 'geometry types follow the feature type',
    mutate: (v) =>
      editFeature(v, 'amenity', ids.atm, (f) => {
        f.geometry = rect(4, 1, 6, 2);
      }),
    at: `${file('amenity.geojson')}: feature ${ids.atm} geometry`,
    message: /is a Polygon; an amenity has Point/,
  },
  {
    rule: 'an opening is a line of two points',
    mutate: (v) =>
      editFeature(v, 'opening', ids.west, (f) => {
        f.geometry = { type: 'LineString', coordinates: [at(-20, -1), at(-20, 0), at(-20, 1)] };
      }),
    at: `${file('opening.geojson')}: feature ${ids.west} geometry.coordinates`,
    message: /has 3 positions; an opening is a line of exactly 2/,
  },
  {
    rule: 'rings are closed',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        f.geometry = {
          type: 'Polygon',
          coordinates: [ring([-10, -10], [20, -10], [20, -3], [-10, -3]).slice(0, -1)],
        };
      }),
    at: `${file('unit.geojson')}: feature ${shopC} geometry.coordinates[0]`,
    message: /is not closed/,
  },
  {
    rule: 'rings have at least four positions',
    mutate: (v) =>
      editFeature(v, 'kiosk', ids.kiosk, (f) => {
        f.geometry = { type: 'Polygon', coordinates: [[at(-5, 0), at(-4, 0), at(-5, 0)]] };
      }),
    at: `${file('kiosk.geojson')}: feature ${ids.kiosk} geometry.coordinates[0]`,
    message: /has 3 positions; a ring needs at least 4/,
  },
  {
    rule: 'exterior rings run counter-clockwise',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        f.geometry = {
          type: 'Polygon',
          coordinates: [ring([-10, -10], [-10, -3], [20, -3], [20, -10])],
        };
      }),
    at: `${file('unit.geojson')}: feature ${shopC} geometry.coordinates[0]`,
    message: /runs clockwise; an exterior ring runs counter-clockwise/,
  },
  {
    rule: 'holes run clockwise',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        f.geometry = {
          type: 'Polygon',
          coordinates: [
            ring([-10, -10], [20, -10], [20, -3], [-10, -3]),
            ring([0, -8], [2, -8], [2, -6], [0, -6]),
          ],
        };
      }),
    at: `${file('unit.geojson')}: feature ${shopC} geometry.coordinates[1]`,
    message: /runs counter-clockwise; a hole runs clockwise/,
  },
  {
    rule: 'rings do not cross themselves',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        f.geometry = {
          type: 'Polygon',
          coordinates: [ring([-10, -10], [20, -10], [20, -3], [5, -9.5], [0, -3], [8, -8])],
        };
      }),
    at: `${file('unit.geojson')}: feature ${shopC} geometry.coordinates[0]`,
    message: /crosses or touches itself near \[121\.\d+, 31\.\d+\]/,
  },
  {
    rule: 'display points lie inside their feature',
    ...setting('unit', ids.shopB, 'display_point', {
      type: 'Point',
      coordinates: at(15, -6),
    }),
    message: /lies outside the unit's geometry/,
  },
  // Placement
  {
    rule: 'every unit lies inside its level',
    mutate: (v) =>
      editFeature(v, 'unit', shopC, (f) => {
        f.geometry = rect(-10, -11, 20, -3);
      }),
    at: `${file('unit.geojson')}: feature ${shopC} geometry`,
    message: /reaches outside its level L1 near \[/,
  },
  {
    rule: 'units of a level do not overlap',
    mutate: (v) =>
      editFeature(v, 'unit', ids.shopB, (f) => {
        f.geometry = rect(-6, 3, 8, 10);
      }),
    at: `${file('unit.geojson')}: feature ${ids.shopB} geometry`,
    message: new RegExp(`overlaps unit \\(${ids.shopA}\\) on L1 by 7.00 m²`),
  },
  {
    rule: 'every opening lies on a unit boundary',
    mutate: (v) =>
      editFeature(v, 'opening', shopBDoor, (f) => {
        f.geometry = line(0, 5, 2, 5);
      }),
    at: `${file('opening.geojson')}: feature ${shopBDoor} geometry`,
    message: /lies on the boundary of no unit of L1/,
  },
  {
    rule: 'a door joins two units, or one unit and the outside',
    mutate: (v) =>
      editCollection(v, 'opening', (c) => {
        c.features.push({
          ...structuredClone(c.features.find((f) => f.id === ids.west)!),
          id: '0c8e3a9e-5b1c-4d2f-9a77-3e1f2b4c5d6e',
          geometry: line(9, 7, 11, 7),
        });
        c.features.at(-1)!.properties.name = null;
        c.features.at(-1)!.properties.category = 'pedestrian';
      }),
    at: `${file('opening.geojson')}: feature 0c8e3a9e-5b1c-4d2f-9a77-3e1f2b4c5d6e geometry`,
    message: /lies on the boundary of one unit only \(unit 1 号电梯/,
  },
  {
    rule: 'entrances are named',
    ...setting('opening', ids.west, 'name', null),
    message: /this opening is an entrance/,
  },
  {
    rule: 'every anchor lies inside its unit',
    mutate: (v) =>
      editFeature(v, 'anchor', ids.anchor, (f) => {
        f.geometry = { type: 'Point', coordinates: at(1, 6) };
      }),
    at: `${file('anchor.geojson')}: feature ${ids.anchor} geometry`,
    message: /lies outside its unit/,
  },
  {
    rule: "every occupant's anchor exists",
    ...setting('occupant', ids.occupant, 'anchor_id', '5d3c2b1a-0f9e-4d8c-b7a6-958473625140'),
    message: /but this venue has no anchor with that id/,
  },
  {
    rule: 'every reference names a feature of the stated type',
    ...setting('unit', shopC, 'level_id', ids.building),
    message: /which is a building, not a level/,
  },
  {
    rule: 'amenities stand in one of their units',
    mutate: (v) =>
      editFeature(v, 'amenity', ids.atm, (f) => {
        f.geometry = { type: 'Point', coordinates: at(1, 6) };
      }),
    at: `${file('amenity.geojson')}: feature ${ids.atm} geometry`,
    message: /lies outside all of its units/,
  },
  {
    rule: 'kiosks stand inside a walkable unit',
    mutate: (v) =>
      editFeature(v, 'kiosk', ids.kiosk, (f) => {
        f.geometry = rect(0, 6, 1, 6.4);
        f.properties.display_point = { type: 'Point', coordinates: at(0.5, 6.2) };
      }),
    at: `${file('kiosk.geojson')}: feature ${ids.kiosk} geometry`,
    message: /does not stand inside one walkable unit of L1/,
  },
  {
    rule: 'kiosks are named',
    ...setting('kiosk', ids.kiosk, 'name', null),
    message: /a kiosk is named/,
  },
  // Parking
  {
    rule: 'parking spaces are numbered by level',
    ...setting('unit', ids.space2, 'name', { 'zh-Hans': 'P-2' }),
    message: /is "P-2"; a parking space is named by its level and three digits/,
  },
  {
    rule: 'space numbers are unique',
    ...setting('unit', ids.space2, 'name', { 'zh-Hans': 'B1-001' }),
    message: /"B1-001" is also the number of space/,
  },
  {
    rule: 'a space has one automobile opening onto a road',
    mutate: (v) => setProperty(v, 'opening', space2Door, 'category', 'pedestrian'),
    at: `${file('unit.geojson')}: feature ${ids.space2} geometry`,
    message: /has 0 automobile openings; a parking space has one automobile opening/,
  },
  {
    rule: 'a space lies in one parking zone',
    mutate: (v) =>
      editFeature(v, 'section', ids.zone, (f) => {
        f.geometry = rect(-12, -10, -7, -3);
      }),
    at: `${file('unit.geojson')}: feature ${ids.space2} geometry`,
    message: /its centre lies in no parking zone of B1/,
  },
  {
    rule: 'parking zones are named',
    ...setting('section', ids.zone, 'name', null),
    message: /a parking guidance zone is named/,
  },
  // Levels and relationships
  {
    rule: 'level short names are unique',
    mutate: (v) => setProperty(v, 'level', ids.B1, 'short_name', { 'zh-Hans': 'L1' }),
    at: `${file('level.geojson')}: feature ${ids.L1} properties.short_name`,
    message: /"L1" is also the short name of level/,
  },
  {
    rule: 'level short names are safe in addresses',
    ...setting('level', ids.B1, 'short_name', { 'zh-Hans': '负一' }),
    message: /Latin letters, digits and hyphens/,
  },
  {
    rule: 'relationships join units on distinct levels',
    mutate: (v) =>
      setProperty(v, 'relationship', ids.elevatorRide, 'destination', {
        id: ids.elevatorB1,
        feature_type: 'unit',
      }),
    at: `${file('relationship.geojson')}: feature ${ids.elevatorRide} properties`,
    message: /joins more than one unit on one level/,
  },
  {
    rule: 'relationships join units of their category',
    ...setting('relationship', ids.elevatorRide, 'destination', {
      id: ids.stairsL1,
      feature_type: 'unit',
    }),
    message: /a stairs unit; elevator relationships join elevator units/,
  },
  {
    rule: 'undirected relationships run upwards',
    mutate: (v) =>
      editFeature(v, 'relationship', ids.elevatorRide, (f) => {
        [f.properties.origin, f.properties.destination] = [
          f.properties.destination,
          f.properties.origin,
        ];
      }),
    at: `${file('relationship.geojson')}: feature ${ids.elevatorRide} properties`,
    message: /runs L1, B1; origin is the unit on the lowest level/,
  },
  {
    rule: 'elevators are undirected',
    ...setting('relationship', ids.elevatorRide, 'direction', 'directed'),
    message: /is "directed"; elevator relationships are "undirected"/,
  },
  {
    rule: 'escalators join adjacent levels',
    mutate: (v) => {
      const b2 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
      const escalatorB2 = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
      const escalatorL1 = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
      editCollection(v, 'level', (c) => {
        const level = structuredClone(c.features.find((f) => f.id === ids.B1)!);
        level.id = b2;
        level.properties.ordinal = -2;
        level.properties.short_name = { 'zh-Hans': 'B2' };
        c.features.push(level);
      });
      editCollection(v, 'unit', (c) => {
        const escalator = (id: string, level: string, box: [number, number, number, number]) => ({
          ...structuredClone(c.features.find((f) => f.id === shopC)!),
          id,
          geometry: rect(...box),
          properties: { ...c.features[0]!.properties, category: 'escalator', level_id: level },
        });
        c.features.push(escalator(escalatorB2, b2, [8, 3, 12, 7]));
        c.features.push(escalator(escalatorL1, ids.L1, [8, 7, 12, 10]));
      });
      editCollection(v, 'relationship', (c) => {
        c.features.push({
          ...structuredClone(c.features[0]!),
          id: '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e',
          properties: {
            category: 'escalator',
            direction: 'directed',
            origin: { id: escalatorB2, feature_type: 'unit' },
            intermediary: null,
            destination: { id: escalatorL1, feature_type: 'unit' },
            hours: null,
          },
        });
      });
    },
    at: `${file('relationship.geojson')}: feature 3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e properties`,
    message: /joins B2, L1, which are not adjacent levels/,
  },
  {
    rule: 'every lift and stair core is in a relationship',
    mutate: (v) =>
      editCollection(v, 'relationship', (c) => {
        c.features = c.features.filter((f) => f.id !== ids.stairsRide);
      }),
    at: `${file('unit.geojson')}: feature ${ids.stairsL1}`,
    message: /is in no sound stairs relationship/,
  },
  // Reachability
  {
    rule: 'every named unit is reachable from an entrance',
    mutate: (v) =>
      editCollection(v, 'opening', (c) => {
        c.features = c.features.filter((f) => f.id !== shopBDoor);
      }),
    at: `${file('unit.geojson')}: feature ${ids.shopB}`,
    message: /unit 示例书店 on L1 cannot be reached from any entrance/,
  },
  {
    rule: 'parking spaces are reachable through the lifts and stairs',
    mutate: (v) =>
      editCollection(v, 'relationship', (c) => {
        c.features = [];
      }),
    at: `${file('unit.geojson')}: feature ${ids.space1}`,
    message: /unit B1-001 on B1 cannot be reached from any entrance/,
  },
  {
    rule: 'a venue has an entrance',
    mutate: (v) => setProperty(v, 'opening', ids.west, 'category', 'emergencyexit'),
    at: `${file('venue.geojson')}: feature ${idOf('venue', () => true)}`,
    message: /has no entrance/,
  },
  {
    rule: 'a venue directory has one venue feature',
    mutate: (v) =>
      editCollection(v, 'venue', (c) => {
        c.features = [];
      }),
    at: file('venue.geojson'),
    message: /holds 0 valid venue features/,
  },
  // venue.toml
  {
    rule: 'venue.toml has its shape',
    mutate: (v) =>
      editText(v, `${venue}/venue.toml`, (t) => t.replace('order = 1', 'order = "one"')),
    at: `${file('venue.toml')}: order`,
    message: /must be a number/,
  },
  {
    rule: 'the default level exists',
    mutate: (v) => editText(v, `${venue}/venue.toml`, (t) => t.replace('"L1"', '"L9"')),
    at: `${file('venue.toml')}: default_level`,
    message: /"L9" is not the short name of a level of this venue \(B1, L1\)/,
  },
  {
    rule: 'every kiosk has an entry',
    mutate: (v) => editText(v, `${venue}/venue.toml`, (t) => t.replace(/\[\[kiosks\]\][^[]*/, '')),
    at: `${file('venue.toml')}: kiosks`,
    message: new RegExp(`has no entry for kiosk ${ids.kiosk}`),
  },
  {
    rule: 'kiosk entries name kiosks',
    mutate: (v) => editText(v, `${venue}/venue.toml`, (t) => t.replace(ids.kiosk, ids.shopB)),
    at: `${file('venue.toml')}: kiosks[0].id`,
    message: /names a unit, not a kiosk/,
  },
  {
    rule: 'sample locations resolve',
    mutate: (v) => editText(v, `${venue}/venue.toml`, (t) => t.replace('"B1-001"', '"B1-999"')),
    at: `${file('venue.toml')}: samples.route_from`,
    message: /no parking space of this venue is numbered B1-999/,
  },
  {
    rule: 'sample points lie on their level',
    mutate: (v) =>
      editText(v, `${venue}/venue.toml`, (t) => t.replace('"B1-001"', '"121.6,31.2@L1"')),
    at: `${file('venue.toml')}: samples.route_from`,
    message: /121.6,31.2 lies outside level L1/,
  },
  {
    rule: 'sample plates are Chinese plates',
    mutate: (v) => editText(v, `${venue}/venue.toml`, (t) => t.replace('沪A·D2345', 'ABC123')),
    at: `${file('venue.toml')}: samples.plates[0]`,
    message: /must be a Chinese plate/,
  },
  {
    rule: 'venues have distinct places in the switcher',
    mutate: (v) => cpSync(join(v, venue), join(v, 'tiny-mall-copy'), { recursive: true }),
    at: 'content/venues/tiny-mall-copy/venue.toml: order',
    message: /is 1, as in content\/venues\/tiny-mall\/venue.toml/,
  },
  // Positioning devices (infrastructure.geojson)
  {
    rule: 'a device is of a known kind',
    ...setting('infrastructure', beacon1, 'kind', 'wifi_ap'),
    message: /is "wifi_ap"; a device's kind is one of ble_beacon, aoa_gateway, uwb_anchor/,
  },
  {
    rule: 'a device carries every property of its kind',
    mutate: (v) =>
      editFeature(v, 'infrastructure', beacon1, (f) => {
        delete f.properties.minor;
      }),
    at: `${file('infrastructure.geojson')}: feature ${beacon1} properties.minor`,
    message: /is missing; every ble_beacon carries kind, level_id, name, height, uuid/,
  },
  {
    rule: 'a device carries no property outside its kind',
    ...setting('infrastructure', device('L1-AOA-01'), 'minor', 7),
    message: /is not a property of an aoa_gateway; remove it/,
  },
  {
    rule: 'a device is on a level of the venue',
    ...setting('infrastructure', beacon1, 'level_id', ids.building),
    message: /names [0-9a-f-]+, but this venue has no level with that id/,
  },
  {
    rule: 'a device lies inside its level',
    mutate: (v) =>
      editFeature(v, 'infrastructure', beacon2, (f) => {
        f.geometry = { type: 'Point', coordinates: at(25, 0) };
      }),
    at: `${file('infrastructure.geojson')}: feature ${beacon2} geometry`,
    message: /lies outside its level L1; a device hangs inside its level's outline/,
  },
  {
    rule: 'a device hangs in no closed unit',
    mutate: (v) => {
      setProperty(v, 'unit', shopC, 'category', 'nonpublic');
      editFeature(v, 'infrastructure', beacon2, (f) => {
        f.geometry = { type: 'Point', coordinates: at(0, -6) };
      });
    },
    at: `${file('infrastructure.geojson')}: feature ${beacon2} geometry`,
    message: /lies in unit \([0-9a-f-]+, nonpublic\) on L1, a closed unit/,
  },
  {
    rule: 'minors are unique in the venue',
    ...setting('infrastructure', beacon2, 'minor', 2001),
    message: new RegExp(`2001 is also the minor of device ${beacon1}`),
  },
  {
    rule: 'device names are unique in the venue',
    ...setting('infrastructure', beacon2, 'name', 'L1-BLE-001'),
    message: new RegExp(`L1-BLE-001 is also the name of device ${beacon1}`),
  },
  {
    rule: "a level's beacons share one major",
    ...setting('infrastructure', beacon2, 'major', 101),
    message: /is 101, but device [0-9a-f-]+ on the same level has 100/,
  },
  {
    rule: "each level's beacons have a major of their own",
    ...setting('infrastructure', device('B1-BLE-001'), 'major', 100),
    at: `${file('infrastructure.geojson')}: feature ${beacon1} properties.major`,
    message: /is 100, as on level B1; each level's beacons have a major of their own/,
  },
  // categories.toml and words.toml
  {
    rule: 'directory groups list categories with entries',
    mutate: (v) =>
      editText(v, 'categories.toml', (t) =>
        t.replace('categories = ["cafe"]', 'categories = ["cafe", "bank"]'),
      ),
    at: 'content/venues/categories.toml: groups[0].categories[1]',
    message: /"bank" has no entry under \[categories\]/,
  },
  {
    rule: 'words.toml has every step the server speaks',
    mutate: (v) => editText(v, 'words.toml', (t) => t.replace(/^depart = .*$/m, '')),
    at: 'content/venues/words.toml: steps.depart',
    message: /is missing/,
  },
  {
    rule: 'words.toml has no word the server does not know',
    mutate: (v) =>
      editText(v, 'words.toml', (t) =>
        t.replace(/^\[api_errors\]$/m, '[api_errors]\nteapot = "我是茶壶"'),
      ),
    at: 'content/venues/words.toml: api_errors.teapot',
    message: /is not a key of this table/,
  },
];

describe('the tiny valid venue', () => {
  it('loads with no problem', () => {
    const { problems, loaded } = load();
    expect(problems).toEqual([]);
    expect(loaded?.list.map((v) => v.id)).toEqual([venue]);
  });

  it('loads with its positioning devices', () => {
    const devices = load().loaded!.list[0]!.infrastructure!.devices;
    expect(devices.map((d) => d.properties.name)).toEqual([
      'B1-BLE-001',
      'B1-UWB-01',
      'L1-BLE-001',
      'L1-BLE-002',
      'L1-AOA-01',
    ]);
    expect(devices[2]).toEqual({
      id: beacon1,
      position: at(-12, 0),
      properties: expect.objectContaining({ kind: 'ble_beacon', level_id: ids.L1, minor: 2001 }),
    });
  });

  it('loads without them: positioning is optional', () => {
    const { problems, loaded } = load((v) => unlinkSync(join(v, venue, 'infrastructure.geojson')));
    expect(problems).toEqual([]);
    expect(loaded?.list[0]?.infrastructure).toBeNull();
  });
});

describe('venue problems name the file and the feature', () => {
  it.each(cases)('$rule', ({ mutate, at: where, message }) => {
    const { problems, loaded } = load(mutate);
    expect(loaded).toBeUndefined();
    const matching = problems.filter((p) => p.startsWith(`${where}:`) || p === where);
    expect(matching, problems.join('\n')).not.toEqual([]);
    expect(
      matching.some((p) => message.test(p)),
      `${where}\n${problems.join('\n')}`,
    ).toBe(true);
  });
});
