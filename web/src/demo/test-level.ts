// Small hand-made level and route data for the viewer's unit tests.
import type { HeatGrid, RouteAnswer, RouteLeg, SearchResult } from './api';
import type { LevelData, LevelDraft, Poly, VenueSummary } from '../content/venues/viewer-files';
import { metresToLonLat } from './projection';

export const rect = (x0: number, y0: number, x1: number, y1: number): Poly => [
  [x0, y0, x1, y0, x1, y1, x0, y1],
];

/** A heat grid of 2 x 2 cells of 2 m on L1 (none, coldest, middle, warmest), as the flow
 * analytics and a device plan answer one, with `fields` changed. */
export function testHeatGrid(fields: Partial<HeatGrid> = {}): HeatGrid {
  return {
    level: 'L1',
    cell_m: 2,
    south_west: [121.4, 31.17],
    north_east: [121.4001, 31.1701],
    columns: 2,
    rows: 2,
    cells: btoa(String.fromCharCode(0, 1, 128, 255)),
    ...fields,
  };
}

/** A corridor with an atrium hole, a shop north of it, a restroom, a parking space. */
export function testLevel(): LevelData {
  return {
    v: 1,
    id: 'level-l1',
    short: 'L1',
    name: '一层',
    ordinal: 0,
    outline: [rect(0, 0, 1000, 600)],
    units: [
      {
        id: 'walk',
        c: 'walkway',
        g: [
          [0, 0, 1000, 0, 1000, 200, 0, 200],
          [400, 50, 400, 150, 600, 150, 600, 50],
        ],
      },
      { id: 'void', c: 'opentobelow', g: rect(400, 50, 600, 150) },
      {
        id: 'shop',
        c: 'unspecified',
        g: rect(100, 200, 400, 500),
        n: '星巴克',
        lp: [250, 350],
        o: { id: 'occ-shop', c: 'cafe', h: 'Mo-Su 10:00-22:00', p: '+862100000000' },
      },
      { id: 'wc', c: 'restroom.female', g: rect(400, 200, 500, 300), n: '女卫生间' },
      { id: 'space', c: 'parking', g: rect(600, 200, 625, 253), n: 'B1-001', lp: [612.5, 226.5] },
    ],
    openings: [
      { id: 'door', c: 'pedestrian', a: [200, 200, 230, 200] },
      { id: 'gate', c: 'pedestrian.principal', a: [0, 80, 0, 120], n: '西门' },
    ],
    amenities: [{ id: 'desk', c: 'information', at: [300, 100], n: '服务台', u: 'walk' }],
    fixtures: [{ id: 'bench', c: 'furniture', g: rect(700, 90, 730, 110) }],
    sections: [{ id: 'zone', c: 'parking', g: rect(600, 200, 1000, 600), n: 'A区' }],
    kiosks: [{ id: 'kiosk', g: rect(795, 98, 805, 102), at: [800, 100], n: 'L1 导视屏' }],
  };
}

/** testLevel() as a hand-over page's first frame carries it: its unnamed door without an id. */
export function testLevelDraft(): LevelDraft {
  const level = testLevel();
  return {
    ...level,
    openings: level.openings.map(({ id, ...rest }) => (rest.n ? { id, ...rest } : rest)),
  };
}

export function testSummary(): VenueSummary {
  return {
    v: 1,
    id: 'test-mall',
    name: '测试商场',
    category: 'shoppingcenter',
    origin: [121.4, 31.17],
    bounds: [0, 0, 1000, 600],
    levels: [
      { id: 'level-b1', short: 'B1', name: '地下一层', ordinal: -1, height: null, parking: true },
      { id: 'level-l1', short: 'L1', name: '一层', ordinal: 0, height: 4, parking: false },
    ],
    defaultLevel: 'L1',
    kiosks: [{ id: 'kiosk', name: 'L1 导视屏', level: 'L1', at: [800, 100], facing: 90 }],
    entrances: [{ id: 'gate', name: '西门', level: 'L1', at: [0, 100] }],
    samples: {
      queries: ['xbk', '母婴室'],
      plates: ['沪A·D2345'],
      routeFrom: 'B1-001',
      routeTo: 'occ-shop',
      start: 'gate',
    },
    labels: {
      walkway: '通道',
      cafe: '咖啡',
      restroom: '卫生间',
      parking: '停车位',
      information: '服务台',
      kiosk: '导视屏',
      mothersroom: '母婴室',
    },
    fences: [],
  };
}

/** [lon, lat] of a point given in metres east and north of the test venue's origin. */
export const testLonLat = (x: number, y: number) => metresToLonLat(testSummary().origin, x, y);

/** The shop of testLevel() as the search API answers for it. */
export function testResult(): SearchResult {
  return {
    id: 'occ-shop',
    kind: 'occupant',
    name: '星巴克',
    level: 'L1',
    point: testLonLat(25, 35),
    category: 'cafe',
    category_label: '咖啡',
    unit: 'shop',
    match: 'initials',
    distance_m: 30,
  };
}

/** A walked leg through points in metres (see testLonLat), at 1 m/s. */
export function testLeg(level: string, start: number, ...points: [number, number][]): RouteLeg {
  let distance = 0;
  for (let i = 1; i < points.length; i += 1) {
    distance += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  }
  return {
    level,
    distance_m: distance,
    duration_s: distance,
    start_m: start,
    path: {
      type: 'Feature',
      properties: { level },
      geometry: { type: 'LineString', coordinates: points.map(([x, y]) => testLonLat(x, y)) },
    },
  };
}

/** A route answer with the totals the API would give: its legs' distance, their time and the rides'. */
export function testRoute(
  parts: Pick<RouteAnswer, 'from' | 'to' | 'legs' | 'transitions' | 'steps'>,
): RouteAnswer {
  const total = (items: { duration_s: number }[]) =>
    items.reduce((sum, item) => sum + item.duration_s, 0);
  return {
    from: parts.from,
    to: parts.to,
    accessible: false,
    distance_m: parts.legs.reduce((sum, leg) => sum + leg.distance_m, 0),
    duration_s: total(parts.legs) + total(parts.transitions),
    legs: parts.legs,
    transitions: parts.transitions,
    steps: parts.steps,
  };
}
