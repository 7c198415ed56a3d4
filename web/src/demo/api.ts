// The HTTP API of docs/venue-contract.md §4, as the viewer calls it. Every call is reported to a listener so the
// "how this demo calls the API" panel can show the request and its JSON answer. Errors carry the
// API's own Chinese message (docs/venue-contract.md §4.1); a failed fetch (no answer at all) is a NetworkError, which the
// viewer offers to retry. A server that asks to wait a few seconds (busy computing, issue #30) is
// waited for and asked again.
import type { LevelData, LevelDraft, VenueSummary } from '../content/venues/viewer-files';

// The venue API's answers are generated from the server's types (api-answers.ts), so a field
// renamed there fails here.
export type {
  FindCarAnswer,
  FlowAnswer,
  FlowHeat,
  FlowParking,
  FlowZone,
  HeatGrid,
  KioskAnswer,
  RouteAnswer,
  RouteEnd,
  RouteLeg,
  RouteStep,
  RouteTransition,
  SearchAnswer,
  SearchResult,
  TrackAnswer,
} from './api-answers';
import type {
  ApiRefusal,
  Technology,
  FindCarAnswer,
  FlowAnswer,
  KioskAnswer,
  RouteAnswer,
  SearchAnswer,
  TrackAnswer,
} from './api-answers';
import { pageLanguageParam, withPageLanguage } from '../runtime/page-language';

export interface ApiCall {
  method: 'GET';
  url: string;
  status: number;
  body: unknown;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field: string | null,
  ) {
    super(message);
  }
}

export class NetworkError extends Error {}

/** Tries of one request when the server asks to wait a moment. */
const MAX_TRIES = 3;
/** The longest wait worth sitting out for the visitor, seconds; a longer one is shown. */
const MAX_WAIT_S = 10;

/**
 * How long to wait before asking again, when the server said a short wait would do: busy with
 * other computations (503) or this visitor's earlier ones (429), with `Retry-After` in seconds.
 */
function shortWait(response: Response): number | null {
  if (response.status !== 503 && response.status !== 429) return null;
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_WAIT_S ? seconds : null;
}

export interface SearchParams {
  q: string;
  near?: string | undefined;
  level?: string | undefined;
  category?: string | undefined;
  limit?: number | undefined;
}

/**
 * Answers the viewer needs that were asked for before it was there, by address: the launcher's
 * fetches in parallel with the viewer's code (`pending`), or what a hand-over page brought
 * (`value`, issue #34, ../islands/first-frame.ts), which the viewer can take before its first
 * paint. Each is taken once, by the first call for its address, and reported as that call's
 * answer; one that failed is asked for again. A `draft` (the level a hand-over page brought,
 * less what only the editor reads) is taken once too, but is not the call's answer: it is not
 * reported, and the viewer makes the call after drawing it.
 */
export type EarlyAnswer = { pending: Promise<unknown> } | { value: unknown } | { draft: unknown };
export type EarlyAnswers = Map<string, EarlyAnswer>;

/** The address of a call: `base` + `path`, with the parameters that are set. */
export function apiUrl(base: string, path: string, params?: Record<string, string | undefined>) {
  const query = params
    ? Object.entries(params)
        .filter((entry): entry is [string, string] => entry[1] !== undefined)
        .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
        .join('&')
    : '';
  return `${base}${path}${query ? `?${query}` : ''}`;
}

const venuePath = (venue: string) => `/${encodeURIComponent(venue)}`;

/** The paths and parameters of the calls answered by files or kept answers, for early answers. */
export const apiPaths = {
  summary: (venue: string) => venuePath(venue),
  level: (venue: string, level: string) =>
    `${venuePath(venue)}/levels/${encodeURIComponent(level)}`,
  route: (venue: string, from: string, to: string, accessible: boolean) =>
    [
      `${venuePath(venue)}/route`,
      { from, to, accessible: accessible ? 'true' : undefined },
    ] as const,
};

export function createApi(
  base: string,
  report: (call: ApiCall) => void,
  early: EarlyAnswers = new Map(),
) {
  /** The early answer for `url` when it is of `kind`, taken: each is used once. */
  const take = <K extends 'pending' | 'value' | 'draft'>(url: string, kind: K) => {
    const answered = early.get(url);
    if (!answered || !(kind in answered)) return undefined;
    early.delete(url);
    return answered as Extract<EarlyAnswer, Record<K, unknown>>;
  };
  /** An early answer already here, taken and reported. */
  const now = <T>(path: string, params?: Record<string, string | undefined>): T | undefined => {
    const url = apiUrl(base, path, params);
    const answered = take(url, 'value');
    if (!answered) return undefined;
    report({ method: 'GET', url, status: 200, body: answered.value });
    return answered.value as T;
  };
  /** A draft already here, taken (not reported: the call is still to be made). */
  const draft = <T>(path: string): T | undefined =>
    take(apiUrl(base, path), 'draft')?.draft as T | undefined;
  const get = async <T>(path: string, params?: Record<string, string | undefined>): Promise<T> => {
    const here = now<T>(path, params);
    if (here !== undefined) return here;
    const url = apiUrl(base, path, params);
    const answered = take(url, 'pending');
    if (answered) {
      const body = await answered.pending.catch(() => undefined);
      if (body !== undefined) {
        report({ method: 'GET', url, status: 200, body });
        return body as T;
      }
    }
    let response: Response;
    let body: unknown;
    for (let attempt = 1; ; attempt += 1) {
      try {
        response = await fetch(url, { headers: withPageLanguage({ Accept: 'application/json' }) });
        body = await response.json();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new NetworkError(String(error));
      }
      report({ method: 'GET', url, status: response.status, body });
      const wait = shortWait(response);
      if (wait === null || attempt >= MAX_TRIES) break;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    if (!response.ok) {
      // A refusal's body as the server types it; a proxy's error page may have none.
      const detail = (body as Partial<ApiRefusal> | null)?.error;
      throw new ApiError(
        detail?.message ?? String(response.status),
        response.status,
        detail?.field ?? null,
      );
    }
    return body as T;
  };
  return {
    summary: (venue: string) => get<VenueSummary>(apiPaths.summary(venue)),
    level: (venue: string, level: string) => get<LevelData>(apiPaths.level(venue, level)),
    /** The summary when an early answer has it here already, else undefined. */
    summaryNow: (venue: string) => now<VenueSummary>(apiPaths.summary(venue)),
    /** The level a hand-over page brought for its first frame, when it is here. */
    levelDraft: (venue: string, level: string) => draft<LevelDraft>(apiPaths.level(venue, level)),
    routeNow: (venue: string, from: string, to: string, accessible: boolean) =>
      now<RouteAnswer>(...apiPaths.route(venue, from, to, accessible)),
    search: (venue: string, params: SearchParams) =>
      get<SearchAnswer>(`${venuePath(venue)}/search`, {
        q: params.q,
        near: params.near,
        level: params.level,
        category: params.category,
        limit: params.limit === undefined ? undefined : String(params.limit),
      }),
    route: (venue: string, from: string, to: string, accessible: boolean) =>
      get<RouteAnswer>(...apiPaths.route(venue, from, to, accessible)),
    findCar: (venue: string, car: string, from: string | undefined, accessible: boolean) =>
      get<FindCarAnswer>(`${venuePath(venue)}/findcar`, {
        car,
        from,
        accessible: accessible ? 'true' : undefined,
      }),
    kiosk: (venue: string, kiosk: string) =>
      get<KioskAnswer>(`${venuePath(venue)}/kiosks/${encodeURIComponent(kiosk)}`),
    /** The last five minutes of a tag's track, for replay. */
    track: (venue: string, tag: string) =>
      get<TrackAnswer>(`${venuePath(venue)}/tracks/${encodeURIComponent(tag)}`),
    /** A day's flow analytics, the heat map of `level`; today when `date` is left out. */
    flow: (venue: string, level: string, date?: string, at?: number) =>
      get<FlowAnswer>(`${venuePath(venue)}/flow`, {
        level,
        date,
        at: at === undefined ? undefined : String(at),
      }),
    /** A download of the same track as GeoJSON or CSV. */
    trackFileUrl: (
      venue: string,
      tag: string,
      from: number,
      to: number,
      format: 'geojson' | 'csv',
    ) =>
      `${base}${venuePath(venue)}/tracks/${encodeURIComponent(tag)}?from=${from}&to=${to}&format=${format}`,
    /** The live positioning stream of one level (issue #17), with the truth when asked; in the
     * page's language, as an EventSource sends no header of ours. */
    liveUrl: (
      venue: string,
      level: string,
      truth: boolean,
      fence?: { corners: [number, number][]; dwellMinutes: number },
    ) => {
      const corners = fence?.corners
        .map(([lon, lat]) => `${lon.toFixed(7)},${lat.toFixed(7)}`)
        .join(';');
      return `${base}${venuePath(venue)}/live?level=${encodeURIComponent(level)}${
        truth ? '&truth=true' : ''
      }${fence ? `&fence=${corners}&dwell=${fence.dwellMinutes}` : ''}${pageLanguageParam()}`;
    },
    /** A device plan's stream (issue #33): `levels` short names, none for every level; the zone
     * and stairwells only when not every part. */
    planUrl: (
      venue: string,
      technology: Technology,
      target: number,
      levels: string[],
      zone = 'all',
      stairs = true,
    ) =>
      `${base}${venuePath(venue)}/plan?technology=${technology}&target=${target}${
        levels.length ? `&levels=${levels.map(encodeURIComponent).join(',')}` : ''
      }${zone === 'all' ? '' : `&zone=${zone}`}${stairs ? '' : '&stairs=false'}`,
    /** The QR code that opens a route on a phone (docs/venue-contract.md §4 handover.svg). */
    handoverUrl: (venue: string, from: string, to: string, accessible: boolean) =>
      `${base}${venuePath(venue)}/handover.svg?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${accessible ? '&accessible=true' : ''}${pageLanguageParam()}`,
  };
}

export type Api = ReturnType<typeof createApi>;
