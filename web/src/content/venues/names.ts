// A venue's viewer summary in an edition's language (issue #35): the venue check builds it in
// each language from the IMDF labels (the English label of a feature, else its Chinese one), so
// the pages of an edition (a guide screen's page, the demo's venue list, the picture behind the
// demo's button) name the venue, its levels and kiosks as its map does.
import type { Language } from '../language';
import type { VenueSummary } from './viewer-files';
import type { LoadedVenue } from './types';

export function summaryIn(venue: LoadedVenue, language: Language): VenueSummary {
  return language === 'zh' ? venue.summary : venue.english.summary;
}
