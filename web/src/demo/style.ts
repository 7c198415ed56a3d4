// How each kind of place looks: unit roles of docs/venue-contract.md §2.5 turned into fills,
// outlines, wall colours and 2.5D heights, shop colours by the occupant's category family, and
// the icon each category gets. Colours are soft tints around the site's brand blue
// (styles/site/base.css --brand).

// The roles are the build's (one list of categories for validation, routing and drawing).
import { type UnitRole, unitRole } from '../content/venues/topology';

export { type UnitRole, unitRole };

export interface UnitStyle {
  fill: string;
  /** Outline; empty for none. */
  stroke: string;
  /** Wall colour in the 2.5D view. */
  wall: string;
  /** Height in the 2.5D view, decimetres; 0 lies flat. Rooms share one height: with one height per class the painter's order is exact (renderer.ts). */
  height: number;
  /** Drawing order among flat units: higher is drawn later. */
  layer: number;
  dashed?: boolean;
}

export const mapColours = {
  floor: '#f3f5f9',
  floorStroke: '#b9c3d1',
  door: '#ffffff',
  entrance: '#16a34a',
  section: 'rgb(26 86 219 / 5%)',
  sectionStroke: '#93a8d8',
  sectionLabel: '#1e3a8a',
  fixture: '#e3e8ef',
  fixtureStroke: '#c6cfdb',
  vegetation: '#d3ebd8',
  vegetationStroke: '#a3cdae',
  kiosk: '#0f766e',
  route: '#1a56db',
  routeCasing: '#ffffff',
  /** The route's legs on other levels, hinted. */
  routeOther: 'rgb(26 86 219 / 35%)',
  chevron: 'rgb(255 255 255 / 90%)',
  highlight: '#f59e0b',
  highlightFill: 'rgb(245 158 11 / 22%)',
  /** Parking spaces with a car in them (flow analytics). */
  taken: '#b91c1c',
  takenFill: 'rgb(220 38 38 / 55%)',
  label: '#1e293b',
  labelMuted: '#475569',
  halo: '#ffffff',
  here: '#e11d48',
  dot: '#1a56db',
};

const flat = (fill: string, stroke: string, layer: number, dashed = false): UnitStyle => ({
  fill,
  stroke,
  wall: stroke,
  height: 0,
  layer,
  dashed,
});
const raised = (fill: string, stroke: string, wall: string, height: number): UnitStyle => ({
  fill,
  stroke,
  wall,
  height,
  layer: 5,
});

export type StyleKey = keyof typeof unitStyles;

export const unitStyles = {
  walk: flat('#ffffff', '', 1),
  road: flat('#e9edf3', '', 1),
  parking: flat('#f8fafc', '#8d9bb0', 2),
  void: flat('#dde3ec', '#a9b6c8', 3, true),
  vegetation: flat('#d3ebd8', '#a3cdae', 3),
  structure: raised('#cbd3de', '#aab5c4', '#b3bdca', 36),
  back: raised('#e7eaef', '#c3cad4', '#cfd5dd', 36),
  restroom: raised('#dbe7fb', '#93b1e6', '#b5cbef', 36),
  nursing: raised('#fbe4ef', '#e5a3c2', '#f0c2d7', 36),
  elevator: raised('#dcdffb', '#8f97e8', '#b8bdf2', 36),
  escalator: raised('#d6e7f8', '#8db3da', '#b1cbe6', 6),
  stairs: raised('#e6e2dc', '#b2aa9e', '#cdc6bb', 36),
  food: raised('#fde9d6', '#e5ac74', '#f2cca6', 36),
  fashion: raised('#e5e9fd', '#9ea9e9', '#c6cdf4', 36),
  leisure: raised('#efe7fb', '#b69fe0', '#d6c8f0', 36),
  grocery: raised('#ddf3e4', '#87c59c', '#b8dfc4', 36),
  service: raised('#daf1f1', '#80c1c1', '#b2dcdc', 36),
  health: raised('#e1f0fb', '#88bee2', '#b9d9ef', 36),
  room: raised('#eef1f5', '#b9c1cd', '#d4d9e1', 36),
} satisfies Record<string, UnitStyle>;

/**
 * Occupant category families. IMDF's occupant list has over a thousand codes, so a family is
 * matched by pattern: "word" is the code or its dotted children, "word*" a prefix, "*word" a part.
 * The first family that matches wins (an internet cafe is leisure before it is a cafe).
 */
const families: [StyleKey, string[]][] = [
  [
    'leisure',
    [
      'cinema',
      'movietheater',
      'theater*',
      'arcade',
      'karaoke',
      'internetcafe',
      'gym',
      'fitness*',
      'yoga',
      'rockclimbing',
      'bowling',
      'kidsactivities',
      'playcenter',
      'playground',
      'amusement*',
      'museum*',
      'gallery*',
      'dancestudio',
      'swimming*',
      'spa',
      'escapegames',
    ],
  ],
  [
    'health',
    [
      'pharmacy*',
      'hospital*',
      'clinic*',
      'doctor*',
      'dentist*',
      '*medic*',
      '*surg*',
      '*ology',
      '*pediatric*',
      '*diagnos*',
      '*laborator*',
      '*therapy',
      'obgyn',
      'prenatal',
      'opthamalogy',
      'earnosethroat',
      'orthopedics',
      'dietician',
      'optometrist',
    ],
  ],
  [
    'food',
    [
      '*restaurant*',
      '*food*',
      '*cafe*',
      '*tea',
      '*coffee*',
      '*bake*',
      '*dessert*',
      'icecream',
      'chocolate',
      'candy*',
      'juicebar',
      'pizza',
      'burgers',
      'sandwiches',
      'dumplings',
      'hotpot',
      'noodles',
      'barbecue',
      'steak*',
      '*sushi*',
      'buffet*',
      'bar',
      'pub',
      'brewer*',
      'chinese',
      'japanese',
      'korean',
      'thai',
      'italian',
      'french',
      'indian',
      'vietnamese',
      'western',
    ],
  ],
  ['grocery', ['supermarket', 'grocery*', 'conveniencestore', 'hypermarket', 'market*']],
  [
    'service',
    [
      'bank*',
      'atm',
      'insurance*',
      'telecommunications',
      '*repair',
      '*school',
      'education*',
      'photography',
      'barber',
      'haircut*',
      'manicurists',
      'eyelashes',
      'salon*',
      'laundry*',
      'drycleaning',
      'billingservices',
      'travel*',
      'postoffice',
    ],
  ],
];

function matches(code: string, pattern: string): boolean {
  const inner = pattern.replaceAll('*', '');
  if (pattern.startsWith('*')) {
    return pattern.endsWith('*') ? code.includes(inner) : code.split('.')[0]!.endsWith(inner);
  }
  if (pattern.endsWith('*')) return code.startsWith(inner);
  return code === inner || code.startsWith(`${inner}.`);
}

/** The colour family of an occupant category; shops of any other kind share one. */
export function occupantFamily(category: string): StyleKey {
  const code = category.toLowerCase();
  for (const [family, patterns] of families) {
    if (patterns.some((pattern) => matches(code, pattern))) return family;
  }
  return 'fashion';
}

export function unitStyleKey(category: string, occupantCategory?: string): StyleKey {
  if (category.startsWith('restroom') || category === 'shower') return 'restroom';
  if (category === 'mothersroom') return 'nursing';
  if (category === 'elevator') return 'elevator';
  if (category === 'escalator' || category === 'movingwalkway') return 'escalator';
  if (category === 'stairs' || category === 'steps') return 'stairs';
  if (category === 'parking') return 'parking';
  if (category === 'road') return 'road';
  if (category === 'opentobelow') return 'void';
  if (category === 'vegetation') return 'vegetation';
  const role = unitRole(category);
  if (role === 'walkable') return 'walk';
  if (role === 'closed') {
    return ['nonpublic', 'storage', 'serverroom'].includes(category) ? 'back' : 'structure';
  }
  if (occupantCategory) return occupantFamily(occupantCategory);
  if (category === 'laboratory' || category === 'firstaid') return 'health';
  if (category === 'movietheater' || category === 'theater') return 'leisure';
  return 'room';
}

/** Simple glyphs drawn on the canvas (icons.ts); no icon font, no request. */
export type Glyph =
  | 'restroom'
  | 'nursing'
  | 'elevator'
  | 'escalator'
  | 'stairs'
  | 'info'
  | 'money'
  | 'aid'
  | 'kiosk'
  | 'entrance'
  | 'car'
  | 'water'
  | 'service'
  | 'power'
  | 'dot';

export function glyphFor(category: string): Glyph | undefined {
  const c = category.toLowerCase();
  if (c.startsWith('restroom') || c === 'shower') return 'restroom';
  if (c === 'mothersroom' || c === 'babychanging' || c === 'caregiver') return 'nursing';
  if (c === 'elevator') return 'elevator';
  if (c === 'escalator' || c === 'movingwalkway') return 'escalator';
  if (c === 'stairs' || c === 'steps') return 'stairs';
  if (c.startsWith('information') || c === 'guestservices' || c.startsWith('reception'))
    return 'info';
  if (c === 'atm' || c === 'cashier' || c === 'changemachine' || c.startsWith('ticketing'))
    return 'money';
  if (c === 'firstaid' || c === 'defibrillator' || c === 'healthscreening') return 'aid';
  if (c === 'drinkingfountain') return 'water';
  if (c === 'powerchargingstation') return 'power';
  if (c === 'strollerrental') return 'nursing';
  if (c === 'wheelchairassist' || c === 'vendingmachine' || c === 'lostandfound') return 'service';
  if (c.startsWith('parking')) return 'car';
  if (c === 'kiosk') return 'kiosk';
  if (c.startsWith('pedestrian') || c === 'entry') return 'entrance';
  return undefined;
}

export const glyphColours: Record<Glyph, string> = {
  restroom: '#2563eb',
  nursing: '#db2777',
  elevator: '#4f46e5',
  escalator: '#0284c7',
  stairs: '#64748b',
  info: '#1a56db',
  money: '#059669',
  aid: '#dc2626',
  kiosk: '#0f766e',
  entrance: '#16a34a',
  car: '#475569',
  water: '#0891b2',
  service: '#7c3aed',
  power: '#ca8a04',
  dot: '#64748b',
};
