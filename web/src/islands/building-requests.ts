// The calls of "用我的场馆试一试" to the server's buildings API (docs/api.md, "Buildings that
// visitors bring"), each answer turned into what the form shows.
import type { ApiRefusal, BuildingCreated, BuildingProblem } from '../demo/api-answers';

export const buildingApiBase = '/api/buildings';

/** A building id as the server hands them out: the link's capability. */
export const buildingIdPattern = /^[0-9a-f]{32}$/;

export type UploadAnswer =
  | { kind: 'stored'; building: BuildingCreated }
  | { kind: 'refused'; message: string; problems: BuildingProblem[] }
  /** No answer the form can read: the network, or a proxy's page. */
  | { kind: 'failed' };

export const buildingPaths = {
  one: (id: string) => `${buildingApiBase}/${encodeURIComponent(id)}`,
  archive: (id: string) => `${buildingApiBase}/${encodeURIComponent(id)}/imdf.zip`,
  map: (id: string) => `/next/demo?building=${encodeURIComponent(id)}`,
};

/** The refusal's message and problems, or null when the body is not the API's refusal. */
export async function readRefusal(
  response: Response,
): Promise<{ message: string; problems: BuildingProblem[] } | null> {
  try {
    const body = (await response.json()) as Partial<ApiRefusal>;
    if (!body.error || typeof body.error.message !== 'string') return null;
    return { message: body.error.message, problems: body.error.problems ?? [] };
  } catch {
    return null;
  }
}

export async function uploadBuilding(file: Blob): Promise<UploadAnswer> {
  let response: Response;
  try {
    response = await fetch(buildingApiBase, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', accept: 'application/json' },
      body: file,
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 201) {
    try {
      return { kind: 'stored', building: (await response.json()) as BuildingCreated };
    } catch {
      return { kind: 'failed' };
    }
  }
  const refusal = await readRefusal(response);
  return refusal ? { kind: 'refused', ...refusal } : { kind: 'failed' };
}

/** True once the building is gone (204, or already gone: 404). */
export async function deleteBuilding(id: string): Promise<boolean> {
  try {
    const response = await fetch(buildingPaths.one(id), { method: 'DELETE' });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
