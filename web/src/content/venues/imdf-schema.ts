// The IMDF shapes content/venues/<id>/ is checked against (OGC 20-094, docs/venue-contract.md
// section 2): the manifest, and the properties of each feature type with every key the spec lists.
// Geometry is checked by feature-shape.ts, which needs positions rather than a schema's messages.
import { z } from 'zod';
import {
  accessControlCategories,
  accessibilityCategories,
  amenityCategories,
  buildingCategories,
  doorMaterialCategories,
  doorTypeCategories,
  fixtureCategories,
  footprintCategories,
  levelCategories,
  occupantCategoryPattern,
  openingCategories,
  relationshipCategories,
  restrictionCategories,
  geofenceCategories,
  sectionCategories,
  unitCategories,
  venueCategories,
} from './imdf-categories';

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

/** Version-4-shaped, lowercase (contract section 2.1). */
export const featureIdPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const featureId = z
  .string({ error: 'must be a feature id (a string)' })
  .regex(featureIdPattern, 'must be a version-4 UUID: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx');

/** correlation_id is a shared UUID, not a feature reference, so any UUID version is fine. */
const anyUuid = z
  .string({ error: 'must be a UUID string' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a UUID');

const text = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty');

const languageTag = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/;

/** LABELS: a language-tag keyed set of names, e.g. {"zh-Hans": "一层", "en": "Level 1"}. */
const labels = z
  .record(
    z.string().regex(languageTag, 'must be keyed by language tags such as "zh-Hans" or "en"'),
    text,
    { error: 'must be a LABELS object such as {"zh-Hans": "一层"}' },
  )
  .refine((value) => Object.keys(value).length > 0, 'must hold at least one name');

/** Names are shown in Chinese, so every `name` has a zh-Hans entry (contract section 2.2). */
const name = labels.refine((value) => 'zh-Hans' in value, {
  message: 'needs a "zh-Hans" entry; every visible word of the site is Simplified Chinese',
});

function oneOf(values: readonly string[], what: string) {
  const known = new Set(values);
  return z
    .string({ error: `must be an IMDF ${what} (a string)` })
    .refine((value) => known.has(value), `is not an IMDF ${what}; see imdf-categories.ts`);
}

const day = '(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)';
const days = `${day}(?:-${day})?(?:,${day}(?:-${day})?)*`;
const span = '\\d{2}:\\d{2}-\\d{2}:\\d{2}\\+?';
const spans = `${span}(?:,${span})*`;
const hoursRule = `(?:24/7|${days}(?: (?:${spans}|off|closed))?|${spans})`;

/** The common subset of OSM opening_hours: "Mo-Su 10:00-22:00", "Mo-Fr 08:00-17:30; Sa 08:00-12:00". */
export const hoursPattern = new RegExp(`^${hoursRule}(?:; ?${hoursRule})*$`);

const hours = z
  .string({ error: 'must be a string' })
  .regex(hoursPattern, 'must be OSM opening_hours such as "Mo-Su 10:00-22:00"');

const phone = z
  .string({ error: 'must be a string' })
  .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as "+862100000000"');

const website = z
  .string({ error: 'must be a string' })
  .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// address');

const dateTime = z
  .string({ error: 'must be a string' })
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/,
    'must be an ISO 8601 date-time with an offset, e.g. "2026-11-24T00:00:00+08:00"',
  );

/** DISPLAY-POINT: a GeoJSON Point in properties (checked to lie in its feature later). */
const displayPoint = z
  .object(
    {
      type: z.literal('Point', { error: 'must be "Point"' }),
      coordinates: z
        .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
          error: 'must be [longitude, latitude]',
        })
        .rest(z.number()),
    },
    { error: 'must be a GeoJSON Point {"type": "Point", "coordinates": [lon, lat]}' },
  )
  .strict();

const featureReference = z
  .object(
    {
      id: featureId,
      feature_type: z.enum(featureTypes, { error: 'must be an IMDF feature type' }),
    },
    { error: 'must be a feature reference {"id": ..., "feature_type": ...}' },
  )
  .strict();

const idList = (min: number) =>
  z
    .array(featureId, { error: 'must be a list of feature ids' })
    .min(min, 'must name at least one feature')
    .refine((ids) => new Set(ids).size === ids.length, 'must not name a feature twice');

const valueList = (values: readonly string[], what: string) =>
  z.array(oneOf(values, what), { error: `must be a list of IMDF ${what} values` });

const door = z
  .object(
    {
      type: oneOf(doorTypeCategories, 'door type').optional(),
      automatic: z.boolean({ error: 'must be true or false' }).optional(),
      material: oneOf(doorMaterialCategories, 'door material').optional(),
    },
    { error: 'must be a DOOR object such as {"type": "sliding", "automatic": true}' },
  )
  .strict();

const temporality = z
  .object(
    { start: dateTime.optional(), end: dateTime.optional(), modified: dateTime.optional() },
    { error: 'must be a TEMPORALITY object {"start": ..., "end": ..., "modified": ...}' },
  )
  .strict();

const restriction = oneOf(restrictionCategories, 'restriction').nullable();
const accessibility = valueList(accessibilityCategories, 'accessibility').nullable();

/** Keys a unit, an opening and a section share, in IMDF's order: an optional name, a level. */
const namedOnLevel = {
  name: name.nullable(),
  alt_name: labels.nullable(),
  display_point: displayPoint.nullable(),
  level_id: featureId,
};

/** Every property key of every feature type; nullable keys are present and null where unused. */
export const propertySchemas = {
  address: z.object({
    address: text,
    unit: text.nullable(),
    locality: text,
    province: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 code such as "CN-SH"')
      .nullable(),
    country: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as "CN"'),
    postal_code: text.nullable(),
    postal_code_ext: text.nullable(),
    postal_code_vanity: text.nullable(),
  }),
  venue: z.object({
    category: oneOf(venueCategories, 'venue category'),
    restriction,
    name,
    alt_name: labels.nullable(),
    hours: hours.nullable(),
    phone: phone.nullable(),
    website: website.nullable(),
    display_point: displayPoint,
    address_id: featureId,
  }),
  building: z.object({
    name: name.nullable(),
    alt_name: labels.nullable(),
    category: oneOf(buildingCategories, 'building category'),
    restriction,
    display_point: displayPoint.nullable(),
    address_id: featureId.nullable(),
  }),
  footprint: z.object({
    category: oneOf(footprintCategories, 'footprint category'),
    name: name.nullable(),
    building_ids: idList(1),
  }),
  level: z.object({
    category: oneOf(levelCategories, 'level category'),
    restriction,
    outdoor: z.boolean({ error: 'must be true or false' }),
    ordinal: z.number({ error: 'must be a number' }).int('must be a whole number'),
    name,
    short_name: name,
    display_point: displayPoint.nullable(),
    address_id: featureId.nullable(),
    building_ids: idList(1).nullable(),
  }),
  unit: z.object({
    category: oneOf(unitCategories, 'unit category'),
    restriction,
    accessibility,
    ...namedOnLevel,
  }),
  opening: z.object({
    category: oneOf(openingCategories, 'opening category'),
    accessibility,
    access_control: valueList(accessControlCategories, 'access control').nullable(),
    door: door.nullable(),
    ...namedOnLevel,
  }),
  amenity: z.object({
    category: oneOf(amenityCategories, 'amenity category'),
    accessibility,
    name: name.nullable(),
    alt_name: labels.nullable(),
    hours: hours.nullable(),
    phone: phone.nullable(),
    website: website.nullable(),
    unit_ids: idList(1),
    address_id: featureId.nullable(),
    correlation_id: anyUuid.nullable(),
  }),
  anchor: z.object({
    address_id: featureId.nullable(),
    unit_id: featureId,
  }),
  occupant: z.object({
    name,
    /**
     * Not in IMDF's occupant table: the contract's search matches occupants' alt_names (Latin
     * brand names, sections 2.2 and 4.3), and IMDF allows extra properties. May be left out.
     */
    alt_name: labels.nullable().optional(),
    category: z
      .string({ error: 'must be an IMDF occupant category (a string)' })
      .regex(
        occupantCategoryPattern,
        'must be an IMDF occupant category: lowercase letters and digits, dotted (e.g. "cafe", "clothing.womens")',
      ),
    anchor_id: featureId,
    hours: hours.nullable(),
    phone: phone.nullable(),
    website: website.nullable(),
    validity: temporality.nullable(),
    correlation_id: anyUuid.nullable(),
  }),
  fixture: z.object({
    category: oneOf(fixtureCategories, 'fixture category'),
    name: name.nullable(),
    alt_name: labels.nullable(),
    anchor_id: featureId.nullable(),
    display_point: displayPoint.nullable(),
    level_id: featureId,
  }),
  kiosk: z.object({
    name: name.nullable(),
    alt_name: labels.nullable(),
    anchor_id: featureId.nullable(),
    display_point: displayPoint.nullable(),
    level_id: featureId,
  }),
  section: z.object({
    category: oneOf(sectionCategories, 'section category'),
    restriction,
    accessibility,
    ...namedOnLevel,
    address_id: featureId.nullable(),
    correlation_id: anyUuid.nullable(),
    parents: idList(1).nullable(),
  }),
  geofence: z.object({
    category: oneOf(geofenceCategories, 'geofence category'),
    restriction,
    name: name.nullable(),
    alt_name: labels.nullable(),
    correlation_id: anyUuid.nullable(),
    display_point: displayPoint.nullable(),
    building_ids: idList(1).nullable(),
    /** The levels the fence lies on: the live demo watches it there (issue #17). */
    level_ids: idList(1),
    parents: idList(1).nullable(),
  }),
  relationship: z.object({
    category: oneOf(relationshipCategories, 'relationship category'),
    direction: z.enum(['directed', 'undirected'], { error: 'must be "directed" or "undirected"' }),
    origin: featureReference.nullable(),
    intermediary: z
      .array(featureReference, { error: 'must be a list of feature references' })
      .nullable(),
    destination: featureReference.nullable(),
    hours: hours.nullable(),
  }),
} satisfies Record<FeatureType, z.ZodObject>;

export type PropertiesOf<T extends FeatureType> = z.infer<(typeof propertySchemas)[T]>;
export type Labels = z.infer<typeof labels>;
export type DisplayPoint = z.infer<typeof displayPoint>;
export type FeatureReference = z.infer<typeof featureReference>;

/** manifest.json of the IMDF archive (contract section 2.2). */
export const imdfManifestSchema = z
  .object({
    version: z.literal('1.0.0', { error: 'must be "1.0.0", the only IMDF version' }),
    created: dateTime,
    generated_by: text.nullable().optional(),
    language: z
      .string({ error: 'must be a string' })
      .regex(languageTag, 'must be a language tag such as "zh-Hans"'),
    extensions: z
      .array(
        z
          .string()
          .regex(
            /^imdf:extension:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?#[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/,
            'must be an extension id such as "imdf:extension:provider:name#1.0.0"',
          ),
      )
      .nullable()
      .optional(),
  })
  .strict();
