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

export function namesIn(venue: LoadedVenue, language: Language): NameIn {
  if (language === 'zh') return (_, chinese) => chinese;
  const tag = languageTags[language].hreflang;
  const names = new Map<string, string>();
  for (const collection of Object.values(venue.imdf.files)) {
    const features = (collection as { features?: NamedFeature[] } | null)?.features ?? [];
    for (const feature of features) {
      const name = feature.properties?.name?.[tag];
      if (typeof feature.id === 'string' && typeof name === 'string' && name.trim()) {
        names.set(feature.id, name.trim());
      }
    }
  }
  return (id, chinese) => names.get(id) ?? chinese;
}

/** The venue's own name in `language` (its venue feature's), else the summary's. */
export function venueNameIn(venue: LoadedVenue, language: Language): string {
  const feature = (venue.imdf.files.venue as { features?: NamedFeature[] } | null)?.features?.[0];
  const id = typeof feature?.id === 'string' ? feature.id : '';
  return namesIn(venue, language)(id, venue.summary.name);
}
