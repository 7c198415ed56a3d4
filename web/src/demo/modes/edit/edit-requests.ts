// The editor's calls to the buildings API (docs/api.md, "Buildings that visitors bring"): the
// building's version, and an edit sent as changes to single IMDF features. Each answer becomes
// what the panel shows: saved (with the changes that undo it), a conflict with another tab,
// the venue check's problems, or a failure.
import type { BuildingInfo, BuildingProblem, EditSaved, FeatureChange } from '../../api-answers';
import { buildingPaths, readRefusal } from '../../building-requests';
import { withPageLanguage } from '../../../runtime/page-language';

export type EditAnswer =
  | { kind: 'saved'; saved: EditSaved }
  /** Another tab saved first: the building is at a newer version. */
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string; problems: BuildingProblem[] }
  | { kind: 'failed' };

/** The building's version now, or null when it cannot be read. */
export async function buildingVersion(id: string): Promise<number | null> {
  try {
    const response = await fetch(buildingPaths.one(id), {
      headers: withPageLanguage({ Accept: 'application/json' }),
    });
    if (!response.ok) return null;
    return ((await response.json()) as BuildingInfo).version;
  } catch {
    return null;
  }
}

export async function sendEdit(
  id: string,
  base: number,
  changes: FeatureChange[],
): Promise<EditAnswer> {
  let response: Response;
  try {
    response = await fetch(`${buildingPaths.one(id)}/changes`, {
      method: 'POST',
      headers: withPageLanguage({ 'content-type': 'application/json', Accept: 'application/json' }),
      body: JSON.stringify({ base, changes }),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.ok) {
    try {
      return { kind: 'saved', saved: (await response.json()) as EditSaved };
    } catch {
      return { kind: 'failed' };
    }
  }
  const refusal = await readRefusal(response);
  if (!refusal) return { kind: 'failed' };
  if (response.status === 409) return { kind: 'conflict', message: refusal.message };
  return { kind: 'refused', ...refusal };
}
