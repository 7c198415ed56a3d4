// What the build reads of a venue directory, as plain types: the IMDF feature files (OGC 20-094,
// docs/venue-contract.md section 2, copied to dist/ as they are; the engine reads their features
// for the viewer's files), venue.toml (2.9), infrastructure.geojson (issue #17) and
// categories.toml (3.1). Only the keys the build reads are listed. The venue check
// (server/venues/src/check/, run by venue-check.ts) has decided that each file holds every key of
// the contract with its right type before any of this is read, so reading parses and casts.

/** The feature files of a venue directory, one per type, in the order they are read. */
export const featureTypes = [
  'address',
  'venue',
  'building',
  'footprint',
  'level',
  'unit',
  'opening',
  'amenity',
  'anchor',
  'occupant',
  'fixture',
  'kiosk',
  'section',
  'relationship',
  'geofence',
] as const;

export type FeatureType = (typeof featureTypes)[number];

/** venue.toml: what the demo needs that IMDF has no place for (contract section 2.9). */
export interface VenueToml {
  /** Position in the viewer's venue switcher, from 1. */
  order: number;
  /** Short name of the level shown first. */
  default_level: string;
  /** One entry per kiosk feature: where a visitor at the screen looks, degrees from north. */
  kiosks: { id: string; facing: number }[];
  /** Hints the viewer shows; the routes' ends and the start are locations (contract 4.2). */
  samples: {
    queries: string[];
    plates: string[];
    route_from: string;
    route_to: string;
    start: string;
  };
  /** The simulated visitors of the flow analytics (issue #17); none, no analytics. */
  flow?: {
    visitors_per_day: number;
    weekend_factor: number;
    arrivals: number[];
    dwell_minutes: number;
    stops: [number, number];
    drive_share?: number;
  };
}

/** A category of categories.toml: its Chinese label and the words search also accepts. */
export interface VenueCategory {
  label: string;
  synonyms: string[];
}

/** A group of categories in a kiosk's directory (docs/venue-contract.md section 4.6). */
export interface CategoryGroup {
  label: string;
  categories: string[];
}

export type DeviceKind = 'ble_beacon' | 'aoa_gateway' | 'uwb_anchor';

/** What every positioning device carries: its level, a label, its height above the floor (m). */
interface DeviceShared {
  level_id: string;
  name: string;
  height: number;
}

/** The properties of each kind of device (infrastructure.geojson). */
export type DeviceProperties =
  | (DeviceShared & {
      kind: 'ble_beacon';
      uuid: string;
      major: number;
      minor: number;
      tx_power: number;
      interval_ms: number;
    })
  | (DeviceShared & { kind: 'aoa_gateway'; range: number })
  | (DeviceShared & { kind: 'uwb_anchor'; anchor_id: number });

export interface Device {
  id: string;
  /** [longitude, latitude] */
  position: readonly [number, number];
  properties: DeviceProperties;
}

export interface Infrastructure {
  /** The file as parsed, written to dist/ without whitespace. */
  collection: unknown;
  devices: Device[];
}
