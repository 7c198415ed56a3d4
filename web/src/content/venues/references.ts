// Every reference between features resolves to a feature of the stated type (IMDF's
// ReferencedFeatureIDMustBeResolvable; docs/venue-contract.md section 5), and a venue has exactly
// one venue feature. Later checks rely on this: they look references up without asking again.
import type { FeatureReference, FeatureType } from './imdf-schema';
import type { ImdfFeature } from './types';
import type { VenueModel } from './venue-model';

/** Property keys holding feature ids, and the type each must name (docs/imdf.md section 4). */
const referenceKeys: { from: FeatureType; key: string; to: FeatureType }[] = [
  { from: 'venue', key: 'address_id', to: 'address' },
  { from: 'building', key: 'address_id', to: 'address' },
  { from: 'footprint', key: 'building_ids', to: 'building' },
  { from: 'level', key: 'building_ids', to: 'building' },
  { from: 'level', key: 'address_id', to: 'address' },
  { from: 'unit', key: 'level_id', to: 'level' },
  { from: 'opening', key: 'level_id', to: 'level' },
  { from: 'fixture', key: 'level_id', to: 'level' },
  { from: 'fixture', key: 'anchor_id', to: 'anchor' },
  { from: 'kiosk', key: 'level_id', to: 'level' },
  { from: 'kiosk', key: 'anchor_id', to: 'anchor' },
  { from: 'section', key: 'level_id', to: 'level' },
  { from: 'section', key: 'address_id', to: 'address' },
  { from: 'section', key: 'parents', to: 'section' },
  { from: 'geofence', key: 'level_ids', to: 'level' },
  { from: 'geofence', key: 'building_ids', to: 'building' },
  { from: 'geofence', key: 'parents', to: 'geofence' },
  { from: 'amenity', key: 'unit_ids', to: 'unit' },
  { from: 'amenity', key: 'address_id', to: 'address' },
  { from: 'anchor', key: 'unit_id', to: 'unit' },
  { from: 'anchor', key: 'address_id', to: 'address' },
  { from: 'occupant', key: 'anchor_id', to: 'anchor' },
];

function checkId(
  model: VenueModel,
  feature: ImdfFeature,
  field: string,
  id: string,
  to: FeatureType,
): boolean {
  const target = model.byId.get(id);
  if (target?.featureType === to) return true;
  model.report(
    feature,
    field,
    target
      ? `names ${id}, which is a ${target.featureType}, not a ${to}`
      : `names ${id}, but this venue has no ${to} with that id (or it has problems of its own)`,
  );
  return false;
}

/** Checks every reference; returns the ids of features with a broken one. */
export function checkReferences(model: VenueModel): Set<string> {
  const broken = new Set<string>();
  for (const { from, key, to } of referenceKeys) {
    for (const feature of model.features[from]) {
      const value = (feature.properties as Record<string, unknown>)[key];
      const ids = Array.isArray(value) ? (value as string[]) : value ? [value as string] : [];
      ids.forEach((id, index) => {
        const field = `properties.${key}${Array.isArray(value) ? `[${index}]` : ''}`;
        if (!checkId(model, feature, field, id, to)) broken.add(feature.id);
      });
    }
  }
  for (const relationship of model.features.relationship) {
    const { origin, intermediary, destination } = relationship.properties;
    const ends: [string, FeatureReference | null][] = [
      ['properties.origin', origin],
      ...(intermediary ?? []).map((reference, index): [string, FeatureReference] => [
        `properties.intermediary[${index}]`,
        reference,
      ]),
      ['properties.destination', destination],
    ];
    for (const [field, reference] of ends) {
      if (reference && !checkId(model, relationship, field, reference.id, reference.feature_type)) {
        broken.add(relationship.id);
      }
    }
  }
  return broken;
}

/** A venue directory describes one venue: one venue feature (VenueCountMustBeExactlyOne). */
export function theVenue(
  model: VenueModel,
  reportFile: (message: string) => void,
): ImdfFeature<'venue'> | undefined {
  const venues = model.features.venue;
  if (venues.length !== 1) {
    reportFile(
      `holds ${venues.length} valid venue features; a venue directory describes exactly one venue`,
    );
  }
  return venues.length === 1 ? venues[0] : undefined;
}
