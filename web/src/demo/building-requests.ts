// The calls of "用我的场馆试一试" to the server's buildings API (docs/api.md, "Buildings that
// visitors bring"), each answer turned into what the form shows.
import type {
  ApiRefusal,
  BuildingCreated,
  BuildingProblem,
  DrawingAnswer,
  DrawingMapping,
} from './api-answers';
import { withPageLanguage } from '../runtime/page-language';

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

/** A plain GeoJSON of rooms (for developers), by its name; anything else is sent as IMDF. */
export const isGeojson = (name: string) => /\.(geo)?json$/i.test(name);

/** An IMDF archive, or a GeoJSON of rooms with their levels (docs/api.md). */
export function uploadBuilding(file: Blob, name: string): Promise<UploadAnswer> {
  const type = isGeojson(name) ? 'application/geo+json' : 'application/zip';
  return created(post(buildingApiBase, file, { 'content-type': type }));
}

/** A building's drawings with their mapping: each drawing under the file name the mapping gives it. */
export function uploadDrawings(
  mapping: DrawingMapping,
  drawings: { file: string; blob: Blob }[],
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  for (const { file, blob } of drawings) form.append('drawing', blob, file);
  return created(post(buildingApiBase, form, {}));
}

export type DrawingRead =
  | { kind: 'read'; drawing: DrawingAnswer }
  | { kind: 'refused'; message: string; problems: BuildingProblem[] }
  | { kind: 'failed' };

/** What a drawing holds, for its mapping. */
export async function readDrawing(file: Blob): Promise<DrawingRead> {
  const sent = post(`${buildingApiBase}/drawings`, file, { 'content-type': 'application/dxf' });
  const answer = await answered<DrawingAnswer>(sent, 200);
  return answer.kind === 'answered' ? { kind: 'read', drawing: answer.body } : answer;
}

/** The answer to a POST, or null when none came (the network). */
async function post(
  url: string,
  body: BodyInit,
  headers: Record<string, string>,
): Promise<Response | null> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: withPageLanguage({ ...headers, accept: 'application/json' }),
      body,
    });
  } catch {
    return null;
  }
}

/** An upload's answer: the building stored (201) or the server's refusal. */
async function created(sent: Promise<Response | null>): Promise<UploadAnswer> {
  const answer = await answered<BuildingCreated>(sent, 201);
  return answer.kind === 'answered' ? { kind: 'stored', building: answer.body } : answer;
}

/** The body of an answer of status `expected`, the server's refusal, or a failure. */
async function answered<T>(
  sent: Promise<Response | null>,
  expected: number,
): Promise<
  | { kind: 'answered'; body: T }
  | { kind: 'refused'; message: string; problems: BuildingProblem[] }
  | { kind: 'failed' }
> {
  const response = await sent;
  if (!response) return { kind: 'failed' };
  if (response.status === expected) {
    try {
      return { kind: 'answered', body: (await response.json()) as T };
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
