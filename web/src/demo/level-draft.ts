// The level a hand-over page brought (a draft: LevelDraft in ../content/venues/viewer-files.ts)
// made whole by the API's answer for it, in place: the objects the first frame drew, modelled and
// indexed stay the same, so nothing is drawn again.
import type { LevelData, LevelDraft } from '../content/venues/viewer-files';

/**
 * Writes `whole`'s opening ids into `draft` and says true; says false and writes nothing when
 * they are not the same level's (the venue changed between the page and the call).
 */
export function completeDraft(draft: LevelDraft, whole: LevelData): boolean {
  const same =
    draft.id === whole.id &&
    draft.units.length === whole.units.length &&
    draft.units.every((unit, index) => unit.id === whole.units[index]!.id) &&
    draft.openings.length === whole.openings.length &&
    draft.openings.every((opening, index) => {
      const other = whole.openings[index]!;
      return (
        opening.c === other.c &&
        opening.a.every((value, at) => value === other.a[at]) &&
        (opening.id === undefined || opening.id === other.id)
      );
    });
  if (!same) return false;
  draft.openings.forEach((opening, index) => {
    opening.id = whole.openings[index]!.id;
  });
  return true;
}
