// The small line under a search result's name, in the suggestions and in the results list: its
// level, then its category and its distance when the API gives them.
import type { SearchResult } from './api';
import { fill } from '../format/fill';
import type { ViewerWords } from '../content/venues/viewer-words';

export function resultMeta(words: ViewerWords, result: SearchResult): string {
  const parts = [result.level];
  if (result.category_label) parts.push(result.category_label);
  if (result.distance_m !== null) {
    parts.push(fill(words.distance, { distance: Math.round(result.distance_m) }));
  }
  return parts.join(' · ');
}
