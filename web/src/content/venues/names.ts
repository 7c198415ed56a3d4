// The names of a venue's features in an edition's language (issue #35). IMDF labels carry a name
// per language ({"zh-Hans": "一层", "en": "Level 1"}, tools/venues writes both); the viewer's
// summary, which the venue check builds, holds the Chinese ones. Pages of the English edition
// (a guide screen's page, the picture behind the demo's button) name the venue, its levels and
// kiosks from the IMDF labels, and keep the Chinese name of a feature that has no English one.
import { type Language, languageTags } from '../language';
import type { LoadedVenue } from './types';

interface NamedFeature {
  id?: unknown;
  properties?: { name?: Record<string, unknown> | null } | null;
}

/** A feature's name in `language` by its IMDF id, else `chinese`, the summary's name. */
export type NameIn = (id: string, chinese: string) => string;

/** A feature's name under language tag `tag`, trimmed; undefined when it has none. */
function nameOf(feature: NamedFeature, tag: string): string | undefined {
  const name = feature.properties?.name?.[tag];
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

export function namesIn(venue: LoadedVenue, language: Language): NameIn {
  if (language === 'zh') return (_, chinese) => chinese;
  const tag = languageTags[language].hreflang;
  const names = new Map<string, string>();
  for (const collection of Object.values(venue.imdf.files)) {
    const features = (collection as { features?: NamedFeature[] } | null)?.features ?? [];
    for (const feature of features) {
      const name = nameOf(feature, tag);
      if (typeof feature.id === 'string' && name) names.set(feature.id, name);
    }
  }
  return (id, chinese) => names.get(id) ?? chinese;
}

/** The venue's own name in `language` (its venue feature's), else the summary's. */
export function venueNameIn(venue: LoadedVenue, language: Language): string {
  if (language === 'zh') return venue.summary.name;
  const feature = (venue.imdf.files.venue as { features?: NamedFeature[] } | null)?.features?.[0];
  return (feature && nameOf(feature, languageTags[language].hreflang)) ?? venue.summary.name;
}
