// One venue while it is checked: its features after the shape checks, how to report a problem
// on a feature (`<file>: feature <id> <field>: <message>`, docs/venue-contract.md section 5), and
// the small lookups every check needs (names, levels, references).
import type { Problems } from '../../checks/problems';
import type { FeatureType, Labels } from './imdf-schema';
import type { VenueFiles } from './feature-shape';
import type { ImdfFeature } from './types';

export interface VenueModel extends VenueFiles {
  id: string;
  /** content/venues/<id>, as problems name it. */
  prefix: string;
  /** Reports a problem on a feature; `field` is a property path or empty. */
  report(feature: ImdfFeature, field: string, message: string): void;
}

export function venueModel(
  id: string,
  prefix: string,
  files: VenueFiles,
  problems: Problems,
): VenueModel {
  return {
    id,
    prefix,
    ...files,
    report(feature, field, message) {
      problems.add(
        feature.file,
        field ? `feature ${feature.id} ${field}` : `feature ${feature.id}`,
        message,
      );
    },
  };
}

/** The Chinese name of LABELS, if any. */
export function zh(labels: Labels | null | undefined): string | undefined {
  return labels?.['zh-Hans'];
}

/** The feature `id` names, if it exists and is of `type`. */
export function featureOf<T extends FeatureType>(
  model: VenueModel,
  type: T,
  id: string | null | undefined,
): ImdfFeature<T> | undefined {
  const feature = id ? model.byId.get(id) : undefined;
  return feature?.featureType === type ? (feature as ImdfFeature<T>) : undefined;
}

/** "unit 星巴克" or "unit" — how a message names a feature besides its id. */
export function describe(feature: ImdfFeature): string {
  const properties = feature.properties as { name?: Labels | null };
  const name = zh(properties.name ?? undefined);
  return name ? `${feature.featureType} ${name}` : feature.featureType;
}

/** The short name of a level, as editors call it: "L1". */
export function levelName(model: VenueModel, levelId: string): string {
  return zh(featureOf(model, 'level', levelId)?.properties.short_name) ?? levelId;
}
