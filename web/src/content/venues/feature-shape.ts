// Reads the IMDF files of one venue directory and checks each feature's shape
// (docs/venue-contract.md section 5, first half): valid JSON holding a FeatureCollection, Feature
// envelopes, version-4-shaped ids unique across the venue, `feature_type` matching the file, the
// geometry type of the feature type with closed rings of four or more positions, and every property
// key of the type present with the right type. Features that pass are handed on; the rest are
// reported and left out of the later checks, so one mistake is not reported again by every rule
// after it.
import { join } from 'node:path';
import type { z } from 'zod';
import type { Problems } from '../../checks/problems';
import { fieldPath } from '../../checks/problems';
import { readDataFile } from './data-file';
import { type FeatureType, featureIdPattern, featureTypes, propertySchemas } from './imdf-schema';
import type { FeaturesByType, Geometry, ImdfFeature } from './types';

/** Which geometry each feature type carries (contract sections 2.3, 2.6 and 3.3). */
const geometryRules: Record<FeatureType, { types: (Geometry['type'] | null)[]; why: string }> = {
  address: { types: [null], why: 'an address is unlocated' },
  building: { types: [null], why: 'a building is unlocated; its footprint has the shape' },
  occupant: { types: [null], why: 'an occupant is placed by its anchor' },
  venue: { types: ['Polygon', 'MultiPolygon'], why: 'IMDF venues are polygonal' },
  footprint: { types: ['Polygon', 'MultiPolygon'], why: 'IMDF footprints are polygonal' },
  level: { types: ['Polygon', 'MultiPolygon'], why: 'IMDF levels are polygonal' },
  unit: { types: ['Polygon'], why: 'the viewer draws one polygon per unit' },
  fixture: { types: ['Polygon'], why: 'the viewer draws one polygon per fixture' },
  kiosk: { types: ['Polygon'], why: 'the viewer draws one polygon per kiosk' },
  section: { types: ['Polygon'], why: 'the viewer draws one polygon per section' },
  geofence: { types: ['Polygon'], why: 'the live demo watches one polygon per fence' },
  opening: { types: ['LineString'], why: 'an opening is the width of a door' },
  amenity: { types: ['Point'], why: 'IMDF amenities are points' },
  anchor: { types: ['Point'], why: 'IMDF anchors are points' },
  relationship: {
    types: [null, 'Point', 'LineString', 'Polygon', 'MultiPolygon'],
    why: 'a relationship may be unlocated',
  },
};

interface Issue {
  field: string;
  message: string;
}

/** "a unit", "an amenity". */
function a(word: string): string {
  // "a unit": u sounds like "you" in every feature type name.
  return /^[aeio]/.test(word) ? `an ${word}` : `a ${word}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkPosition(value: unknown, field: string, issues: Issue[]): boolean {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    value.length > 3 ||
    !value.every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    issues.push({ field, message: 'must be a position [longitude, latitude]' });
    return false;
  }
  const [lon, lat] = value as number[];
  if (Math.abs(lon!) > 180 || Math.abs(lat!) > 90) {
    issues.push({ field, message: `[${lon}, ${lat}] is not a WGS 84 [longitude, latitude]` });
    return false;
  }
  return true;
}

function checkPositions(value: unknown, field: string, issues: Issue[]): boolean {
  if (!Array.isArray(value)) {
    issues.push({ field, message: 'must be a list of positions' });
    return false;
  }
  return value.every((position, index) => checkPosition(position, `${field}[${index}]`, issues));
}

function checkRing(value: unknown, field: string, issues: Issue[]): boolean {
  if (!checkPositions(value, field, issues)) return false;
  const ring = value as number[][];
  if (ring.length < 4) {
    issues.push({
      field,
      message: `has ${ring.length} positions; a ring needs at least 4 (three corners and the first again)`,
    });
    return false;
  }
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) {
    issues.push({ field, message: 'is not closed: its last position must repeat its first' });
    return false;
  }
  return true;
}

function checkPolygon(value: unknown, field: string, issues: Issue[]): boolean {
  if (!Array.isArray(value) || value.length === 0) {
    issues.push({ field, message: 'must be a list of rings, the exterior first' });
    return false;
  }
  return value.every((ring, index) => checkRing(ring, `${field}[${index}]`, issues));
}

function checkGeometry(type: FeatureType, geometry: unknown, issues: Issue[]): Geometry | null {
  const rule = geometryRules[type];
  const expected = rule.types.map((t) => t ?? 'null').join(' or ');
  const actual = isObject(geometry) ? geometry.type : geometry;
  if (geometry === null) {
    if (!rule.types.includes(null)) {
      issues.push({ field: 'geometry', message: `is null; ${a(type)} needs ${a(expected)}` });
    }
    return null;
  }
  if (!isObject(geometry) || !rule.types.includes(actual as Geometry['type'])) {
    issues.push({
      field: 'geometry',
      message: `is ${isObject(geometry) ? a(String(actual)) : JSON.stringify(geometry)}; ${a(type)} has ${expected} (${rule.why})`,
    });
    return null;
  }
  const coordinates = geometry.coordinates;
  const field = 'geometry.coordinates';
  switch (actual) {
    case 'Point':
      return checkPosition(coordinates, field, issues) ? (geometry as Geometry) : null;
    case 'LineString':
      if (!checkPositions(coordinates, field, issues)) return null;
      if (type === 'opening' && (coordinates as unknown[]).length !== 2) {
        issues.push({
          field,
          message: `has ${(coordinates as unknown[]).length} positions; an opening is a line of exactly 2 (the door's two sides)`,
        });
        return null;
      }
      return geometry as Geometry;
    case 'Polygon':
      return checkPolygon(coordinates, field, issues) ? (geometry as Geometry) : null;
    default:
      if (!Array.isArray(coordinates) || coordinates.length === 0) {
        issues.push({ field, message: 'must be a list of polygons' });
        return null;
      }
      return coordinates.every((polygon, index) =>
        checkPolygon(polygon, `${field}[${index}]`, issues),
      )
        ? (geometry as Geometry)
        : null;
  }
}

function checkProperties(type: FeatureType, properties: unknown, issues: Issue[]): unknown {
  if (!isObject(properties)) {
    issues.push({ field: 'properties', message: 'must be an object of IMDF properties' });
    return undefined;
  }
  const schema = propertySchemas[type];
  const shape: Record<string, z.ZodType> = schema.shape;
  const keys = Object.keys(shape);
  const missing = new Set(
    keys.filter((key) => !(key in properties) && !shape[key]!.safeParse(undefined).success),
  );
  for (const key of missing) {
    issues.push({
      field: `properties.${key}`,
      message: `is missing; every ${type} carries every IMDF property key, null where unused`,
    });
  }
  for (const key of Object.keys(properties)) {
    if (!keys.includes(key)) {
      issues.push({
        field: `properties.${key}`,
        message: `is not an IMDF property of ${a(type)}; remove it (${type} keys: ${keys.join(', ')})`,
      });
    }
  }
  const result = schema.safeParse(properties);
  // Unknown keys are reported above but do not stop the later checks: the feature is usable.
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (missing.has(String(issue.path[0]))) continue;
    issues.push({ field: `properties.${fieldPath(issue.path)}`, message: issue.message });
  }
  return undefined;
}

/** Where each id was first seen in the venue, to report a second use. */
type SeenIds = Map<string, { type: FeatureType; file: string }>;

function readFeatureFile(
  type: FeatureType,
  dir: string,
  file: string,
  seen: SeenIds,
  problems: Problems,
): { raw: unknown; features: ImdfFeature[] } {
  const raw = readDataFile(
    join(dir, `${type}.geojson`),
    file,
    'JSON',
    problems,
    'file is missing; a venue has every IMDF file of contract section 1 (an empty FeatureCollection if it has no such features)',
  );
  if (raw === undefined) return { raw, features: [] };
  if (!isObject(raw) || raw.type !== 'FeatureCollection' || !Array.isArray(raw.features)) {
    problems.add(
      file,
      '',
      'must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}',
    );
    return { raw, features: [] };
  }
  const features: ImdfFeature[] = [];
  raw.features.forEach((value: unknown, index: number) => {
    if (!isObject(value)) {
      problems.add(file, `features[${index}]`, 'must be a GeoJSON Feature object');
      return;
    }
    const hasId = typeof value.id === 'string' && value.id !== '';
    const label = hasId ? `feature ${value.id as string}` : `features[${index}]`;
    const issues: Issue[] = [];
    if (value.type !== 'Feature') {
      issues.push({ field: 'type', message: 'must be "Feature"' });
    }
    if (!hasId) {
      issues.push({ field: 'id', message: 'is missing; every feature has a version-4 UUID id' });
    } else if (!featureIdPattern.test(value.id as string)) {
      issues.push({
        field: 'id',
        message:
          'must be a version-4 UUID in lowercase hex: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx',
      });
    } else {
      const other = seen.get(value.id as string);
      if (other) {
        issues.push({
          field: 'id',
          message: `is also the id of ${a(other.type)} in ${other.file}; ids are unique across the venue`,
        });
      } else {
        seen.set(value.id as string, { type, file });
      }
    }
    if (value.feature_type !== type) {
      issues.push({
        field: 'feature_type',
        message: `is ${JSON.stringify(value.feature_type)}; ${type}.geojson holds only "${type}" features`,
      });
    }
    const usable = issues.length === 0;
    const geometry = checkGeometry(type, value.geometry, issues);
    const geometryValid = issues.length === 0;
    const properties = checkProperties(type, value.properties, issues);
    for (const issue of issues) problems.add(file, `${label} ${issue.field}`, issue.message);
    if (usable && geometryValid && properties !== undefined) {
      features.push({
        id: value.id as string,
        featureType: type,
        geometry,
        properties,
        file,
      } as ImdfFeature);
    }
  });
  return { raw, features };
}

export interface VenueFiles {
  raw: Record<FeatureType, unknown>;
  features: FeaturesByType;
  byId: Map<string, ImdfFeature>;
}

/** Every feature file of `dir`; `prefix` is how problems name the directory (content/venues/x). */
export function readVenueFeatures(dir: string, prefix: string, problems: Problems): VenueFiles {
  const seen: SeenIds = new Map();
  const raw = {} as Record<FeatureType, unknown>;
  const features = {} as Record<FeatureType, ImdfFeature[]>;
  const byId = new Map<string, ImdfFeature>();
  for (const type of featureTypes) {
    const read = readFeatureFile(type, dir, `${prefix}/${type}.geojson`, seen, problems);
    raw[type] = read.raw;
    features[type] = read.features;
    for (const feature of read.features) byId.set(feature.id, feature);
  }
  return { raw, features: features as FeaturesByType, byId };
}
