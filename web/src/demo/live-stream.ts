// The live positioning stream's events (`GET /api/venues/{venue}/live`, issue #17): one a second,
// every tag's estimated position on the level asked for, the simulator's truth when asked, and
// the accuracy of the last ten minutes. Parsed defensively: a malformed event is dropped, not
// drawn.

import type {
  LiveAccuracyEvent,
  LiveAlertEvent,
  LiveEvent,
  LiveTagEvent,
  Technology,
  Truth,
} from './api-answers';
import { pageLocale } from '../runtime/page-language';

export type { Technology };

/** A stream second (unix time) as the visitor's clock shows it, e.g. 14:03:21. */
export const clockTime = (second: number) =>
  new Date(second * 1000).toLocaleTimeString(pageLocale(), { hour12: false });

export const technologies: readonly Technology[] = ['ble', 'aoa', 'uwb'];

export interface LiveTag {
  id: string;
  technology: Technology;
  level: string;
  /** [lon, lat] of the estimate. */
  point: [number, number];
  /** The filter's own uncertainty, metres. */
  spreadM: number;
  truth?: { level: string; point: [number, number] } | undefined;
}

export interface LiveAccuracy {
  technology: Technology;
  cep50M: number;
  cep95M: number;
  floorRate: number;
  fixes: number;
}

/**
 * An SOS press or a venue fence's enter, exit or dwell (in every frame), or the drawn fence's
 * (`alert` events).
 */
export interface LiveAlert {
  kind: 'sos' | 'enter' | 'exit' | 'dwell';
  /** "drawn" (the visitor's fence), a venue fence's name, or null (an SOS press). */
  fence: string | null;
  tag: string;
  second: number;
  level: string;
  point: [number, number];
}

export interface LiveFrame {
  second: number;
  level: string | null;
  tags: LiveTag[];
  accuracy: LiveAccuracy[];
  alerts: LiveAlert[];
}

const alertKinds: readonly string[] = ['sos', 'enter', 'exit', 'dwell'];

function parseAlertValue(value: unknown): LiveAlert | null {
  const alert = record<LiveAlertEvent>(value);
  if (!alert || typeof alert.kind !== 'string' || !alertKinds.includes(alert.kind)) return null;
  const { tag, second, level, point } = alert;
  if (typeof tag !== 'string' || typeof second !== 'number' || typeof level !== 'string') {
    return null;
  }
  if (!isPoint(point)) return null;
  const fence = typeof alert.fence === 'string' ? alert.fence : null;
  return { kind: alert.kind as LiveAlert['kind'], fence, tag, second, level, point };
}

/** The alert of one `alert` event's data, or null when it is not one. */
export function parseAlert(data: string): LiveAlert | null {
  try {
    return parseAlertValue(JSON.parse(data));
  } catch {
    return null;
  }
}

const isTechnology = (value: unknown): value is Technology =>
  typeof value === 'string' && (technologies as readonly string[]).includes(value);

const isPoint = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * An object as the server's type of it (api-answers.ts) names its fields, each still unchecked:
 * a field the server renamed fails the build here.
 */
type Wire<T> = { [K in keyof T]?: unknown };

const record = <T>(value: unknown): Wire<T> | null =>
  typeof value === 'object' && value !== null ? (value as Wire<T>) : null;

function parseTag(value: unknown): LiveTag | null {
  const tag = record<LiveTagEvent>(value);
  if (!tag) return null;
  const { id, technology, level, point, spread_m: spread } = tag;
  if (typeof id !== 'string' || !isTechnology(technology) || typeof level !== 'string') return null;
  if (!isPoint(point) || typeof spread !== 'number') return null;
  const truth = record<Truth>(tag.truth);
  return {
    id,
    technology,
    level,
    point,
    spreadM: spread,
    truth:
      truth && typeof truth.level === 'string' && isPoint(truth.point)
        ? { level: truth.level, point: truth.point }
        : undefined,
  };
}

function parseAccuracy(value: unknown): LiveAccuracy | null {
  const row = record<LiveAccuracyEvent>(value);
  if (!row || !isTechnology(row.technology)) return null;
  const { cep50_m: cep50, cep95_m: cep95, floor_rate: floor, fixes } = row;
  if (typeof cep50 !== 'number' || typeof cep95 !== 'number') return null;
  if (typeof floor !== 'number' || typeof fixes !== 'number') return null;
  return { technology: row.technology, cep50M: cep50, cep95M: cep95, floorRate: floor, fixes };
}

/** The frame of one `positions` event's data, or null when it is not one. */
export function parseFrame(data: string): LiveFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const frame = record<LiveEvent>(value);
  if (!frame || typeof frame.second !== 'number') return null;
  if (!Array.isArray(frame.tags) || !Array.isArray(frame.accuracy)) return null;
  const level = typeof frame.level === 'string' ? frame.level : null;
  return {
    second: frame.second,
    level,
    tags: frame.tags.map(parseTag).filter((tag): tag is LiveTag => tag !== null),
    accuracy: frame.accuracy.map(parseAccuracy).filter((row): row is LiveAccuracy => row !== null),
    alerts: (Array.isArray(frame.alerts) ? frame.alerts : [])
      .map(parseAlertValue)
      .filter((alert): alert is LiveAlert => alert !== null),
  };
}
