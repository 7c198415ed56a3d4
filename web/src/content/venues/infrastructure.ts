// content/venues/<id>/infrastructure.geojson (issue #17): the positioning devices of a venue, which
// the positioning engine simulates (BLE beacons, AoA gateways, UWB anchors). Not IMDF, and
// optional: a venue without positioning has no such file. Each feature is a Point with
// `feature_type` "infrastructure" and the properties of its kind, all required and no others; it
// names a level of the venue, lies inside that level's outline and not in a closed unit; ids,
// names, minors and anchor ids are unique, the beacons share one iBeacon uuid and each level's
// beacons one major of their own. Every problem names the file and the feature id.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Problems } from '../../checks/problems';
import { fieldPath } from '../../checks/problems';
import { BoxGrid } from './box-grid';
import { readDataFile } from './data-file';
import { onBoundary } from './contract';
import {
  type Polygon,
  type Vec,
  locatePoint,
  pointInShape,
  polygonBox,
  unionBox,
} from './geometry';
import {
  type Device,
  type DeviceKind,
  type DeviceProperties,
  type Infrastructure,
  deviceEnvelope,
  deviceKinds,
  deviceSchemas,
} from './infrastructure-schema';
import type { LocalShapes } from './local-shapes';
import { unitRole } from './topology';
import type { ImdfFeature } from './types';
import { type VenueModel, describe, featureOf, levelName } from './venue-model';

export const infrastructureFile = 'infrastructure.geojson';

type Report = (field: string, message: string) => void;

/** "a ble_beacon", "an aoa_gateway". */
const a = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The device's properties, checked against its kind; undefined after reporting what is wrong. */
function readProperties(properties: Record<string, unknown>, report: Report) {
  const kind = properties.kind as DeviceKind;
  if (!deviceKinds.includes(kind)) {
    report(
      'properties.kind',
      `is ${JSON.stringify(properties.kind)}; a device's kind is one of ${deviceKinds.join(', ')}`,
    );
    return undefined;
  }
  const schema = deviceSchemas[kind];
  const keys = Object.keys(schema.shape);
  const missing = keys.filter((key) => !(key in properties));
  for (const key of missing) {
    report(`properties.${key}`, `is missing; every ${kind} carries ${keys.join(', ')}`);
  }
  const result = schema.safeParse(properties);
  if (result.success) return result.data as DeviceProperties;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        report(
          `properties.${key}`,
          `is not a property of ${a(kind)}; remove it (${kind} keys: ${keys.join(', ')})`,
        );
      }
    } else if (!missing.includes(String(issue.path[0]))) {
      report(`properties.${fieldPath(issue.path)}`, issue.message);
    }
  }
  return undefined;
}

/** Units of each level by bounding box, to find the unit a device hangs in. */
function unitsByLevel(model: VenueModel, shapes: LocalShapes) {
  const grids = new Map<string, BoxGrid<{ unit: ImdfFeature<'unit'>; shape: Polygon[] }>>();
  for (const level of model.features.level) {
    const outline = shapes.polygons.get(level.id);
    if (outline) grids.set(level.id, new BoxGrid(unionBox(outline.map(polygonBox)), 8));
  }
  for (const unit of model.features.unit) {
    const shape = shapes.polygons.get(unit.id);
    const grid = grids.get(unit.properties.level_id);
    if (shape && grid) grid.insert(unionBox(shape.map(polygonBox)), { unit, shape });
  }
  return grids;
}

/** Where a device stands: on a level of the venue, inside its outline, not in a closed unit. */
function checkPlace(
  model: VenueModel,
  shapes: LocalShapes,
  grids: ReturnType<typeof unitsByLevel>,
  device: Device,
  report: Report,
) {
  const levelId = device.properties.level_id;
  const level = featureOf(model, 'level', levelId);
  if (!level) {
    report('properties.level_id', `names ${levelId}, but this venue has no level with that id`);
    return;
  }
  const outline = shapes.polygons.get(level.id);
  const point: Vec = shapes.frame.toLocal(device.position);
  const where = `[${device.position.join(', ')}]`;
  if (!outline) return;
  if (!outline.some((polygon) => locatePoint(polygon, point, onBoundary) === 'inside')) {
    report(
      'geometry',
      `${where} lies outside its level ${levelName(model, levelId)}; a device hangs inside its level's outline`,
    );
    return;
  }
  const holder = grids
    .get(level.id)
    ?.query([point[0], point[1], point[0], point[1]])
    .find(({ shape }) => pointInShape(shape, point, 0));
  if (holder && unitRole(holder.unit.properties.category) === 'closed') {
    report(
      'geometry',
      `${where} lies in ${describe(holder.unit)} (${holder.unit.id}, ${holder.unit.properties.category}) on ${levelName(model, levelId)}, a closed unit; devices hang where people go`,
    );
  }
}

/** Ids (also against the IMDF features), names, minors and anchor ids once each in the venue. */
function checkUnique(model: VenueModel, devices: Device[], reportOn: (d: Device) => Report) {
  const seen = new Map<string, string>();
  for (const device of devices) {
    const report = reportOn(device);
    const p = device.properties;
    const values: [string, string, unknown][] = [
      ['id', 'id', device.id],
      ['properties.name', 'name', p.name],
    ];
    if (p.kind === 'ble_beacon') values.push(['properties.minor', 'minor', p.minor]);
    if (p.kind === 'uwb_anchor') values.push(['properties.anchor_id', 'anchor_id', p.anchor_id]);
    for (const [field, what, value] of values) {
      const key = `${what}:${String(value)}`;
      const other = seen.get(key);
      if (other) report(field, `${String(value)} is also the ${what} of device ${other}`);
      else seen.set(key, device.id);
    }
    const imdf = model.byId.get(device.id);
    if (imdf) report('id', `is also the id of ${describe(imdf)} in ${imdf.file}`);
  }
}

/** The beacons of a venue share one iBeacon uuid, and each level's beacons a major of its own. */
function checkBeaconGroups(model: VenueModel, devices: Device[], reportOn: (d: Device) => Report) {
  const majors = new Map<string, { major: number; device: string }>();
  let uuid: { uuid: string; device: string } | undefined;
  for (const device of devices) {
    const p = device.properties;
    if (p.kind !== 'ble_beacon') continue;
    uuid ??= { uuid: p.uuid, device: device.id };
    if (p.uuid.toLowerCase() !== uuid.uuid.toLowerCase()) {
      reportOn(device)(
        'properties.uuid',
        `is ${p.uuid}, but device ${uuid.device} has ${uuid.uuid}; the beacons of a venue share one iBeacon uuid`,
      );
    }
    const level = majors.get(p.level_id);
    if (!level) majors.set(p.level_id, { major: p.major, device: device.id });
    else if (level.major !== p.major) {
      reportOn(device)(
        'properties.major',
        `is ${p.major}, but device ${level.device} on the same level has ${level.major}; a level's beacons share one major`,
      );
    }
  }
  const levelOf = new Map<number, string>();
  for (const [levelId, { major, device }] of majors) {
    const other = levelOf.get(major);
    if (other) {
      reportOn(devices.find((d) => d.id === device)!)(
        'properties.major',
        `is ${major}, as on level ${levelName(model, other)}; each level's beacons have a major of their own`,
      );
    }
    levelOf.set(major, levelId);
  }
}

/**
 * The devices of `dir`/infrastructure.geojson, checked; null when the venue has no such file,
 * undefined when it has problems (all of them reported).
 */
export function readInfrastructure(
  dir: string,
  prefix: string,
  model: VenueModel,
  shapes: LocalShapes,
  problems: Problems,
): Infrastructure | null | undefined {
  const path = join(dir, infrastructureFile);
  if (!existsSync(path)) return null;
  const file = `${prefix}/${infrastructureFile}`;
  const before = problems.list.length;
  const collection = readDataFile(path, file, 'JSON', problems);
  if (collection === undefined) return undefined;
  if (!isObject(collection) || collection.type !== 'FeatureCollection') {
    problems.add(
      file,
      '',
      'must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}',
    );
    return undefined;
  }
  if (!Array.isArray(collection.features)) {
    problems.add(file, 'features', 'must be a list of device features');
    return undefined;
  }
  const devices: Device[] = [];
  const reportOn =
    (label: string): Report =>
    (field, message) =>
      problems.add(file, field ? `${label} ${field}` : label, message);
  const grids = unitsByLevel(model, shapes);
  collection.features.forEach((value: unknown, index: number) => {
    const hasId = isObject(value) && typeof value.id === 'string' && value.id !== '';
    const report = reportOn(hasId ? `feature ${value.id as string}` : `features[${index}]`);
    const shape = deviceEnvelope.safeParse(value);
    if (!shape.success) {
      for (const issue of shape.error.issues) report(fieldPath(issue.path), issue.message);
      return;
    }
    const properties = readProperties(shape.data.properties, report);
    if (!properties) return;
    const [lon, lat] = shape.data.geometry.coordinates;
    const device: Device = { id: shape.data.id, position: [lon, lat], properties };
    checkPlace(model, shapes, grids, device, report);
    devices.push(device);
  });
  const reportOnDevice = (device: Device) => reportOn(`feature ${device.id}`);
  checkUnique(model, devices, reportOnDevice);
  checkBeaconGroups(model, devices, reportOnDevice);
  return problems.list.length > before ? undefined : { collection, devices };
}
