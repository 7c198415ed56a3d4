// The shape of content/venues/<id>/infrastructure.geojson (issue #17): the envelope of a device
// feature (a Point with `feature_type` "infrastructure") and the properties of each kind of
// device, every key required and no other allowed. infrastructure.ts reads the file against them
// and checks where the devices stand.
import { z } from 'zod';
import { featureIdPattern } from './imdf-schema';

const featureId = z
  .string({ error: 'must be a feature id (a string)' })
  .regex(featureIdPattern, 'must be a version-4 UUID: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx');

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} to ${max}`)
    .max(max, `must be ${min} to ${max}`);

/** What every device carries: its level, a label, and how high it hangs above the floor. */
const shared = {
  level_id: featureId,
  name: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty'),
  height: z
    .number({ error: 'must be a number' })
    .positive('must be above the floor (metres)')
    .max(20, 'must be at most 20 m above the floor'),
};

/** The properties of each kind of device. */
export const deviceSchemas = {
  ble_beacon: z
    .object({
      kind: z.literal('ble_beacon'),
      ...shared,
      /** The iBeacon UUID, one per venue. */
      uuid: z
        .string({ error: 'must be a string' })
        .regex(
          /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
          'must be a UUID such as "575e57e1-c191-4337-80eb-41ae0e334e4b"',
        ),
      /** One per level. */
      major: wholeNumber(1, 65535),
      /** Unique in the venue. */
      minor: wholeNumber(1, 65535),
      /** RSSI in dBm measured at 1 m. */
      tx_power: wholeNumber(-100, 0),
      /** Advertising interval; BLE allows 20 ms to 10.24 s. */
      interval_ms: wholeNumber(20, 10240),
    })
    .strict(),
  aoa_gateway: z
    .object({
      kind: z.literal('aoa_gateway'),
      ...shared,
      /** Coverage radius in metres. */
      range: z.number({ error: 'must be a number' }).positive('must be a distance in metres'),
    })
    .strict(),
  uwb_anchor: z
    .object({ kind: z.literal('uwb_anchor'), ...shared, anchor_id: wholeNumber(1, 2 ** 31 - 1) })
    .strict(),
};

export type DeviceKind = keyof typeof deviceSchemas;
export type DeviceProperties = {
  [K in DeviceKind]: z.infer<(typeof deviceSchemas)[K]>;
}[DeviceKind];
export const deviceKinds = Object.keys(deviceSchemas) as DeviceKind[];

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

const position = z.tuple(
  [
    z.number({ error: 'must be a longitude' }).min(-180).max(180),
    z.number({ error: 'must be a latitude' }).min(-90).max(90),
  ],
  { error: 'must be a position [longitude, latitude]' },
);

/** A device feature with its properties not yet checked against its kind. */
export const deviceEnvelope = z.object({
  id: featureId,
  type: z.literal('Feature', { error: 'must be "Feature"' }),
  feature_type: z.literal('infrastructure', {
    error: 'must be "infrastructure"; infrastructure.geojson holds only positioning devices',
  }),
  geometry: z.object(
    { type: z.literal('Point', { error: 'must be "Point"' }), coordinates: position },
    { error: 'must be a GeoJSON Point: a device stands at one place' },
  ),
  properties: z.record(z.string(), z.unknown(), {
    error: 'must be an object of device properties',
  }),
});
