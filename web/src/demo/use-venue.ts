// Loads a venue's summary and its levels (docs/venue-contract.md §4: GET /api/venues/{id} and /levels/{short}), each
// level once, modelled for drawing (level-model.ts). The launcher may have fetched the summary and
// the first level already, in parallel with this code: those answers are used as they are.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api, ApiCall } from './api';
import type { LevelData, VenueSummary } from '../content/venues/viewer-files';
import { type LevelModel, modelLevel } from './level-model';

export interface Preload {
  summary: Promise<VenueSummary>;
  level: Promise<LevelData>;
}

export function useVenue(
  api: Api,
  apiBase: string,
  venue: string,
  preload: Preload | undefined,
  report: (call: ApiCall) => void,
  fail: (error: unknown, retry: () => void) => void,
) {
  const [summary, setSummary] = useState<VenueSummary | null>(null);
  const [model, setModel] = useState<LevelModel | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const cache = useRef(new Map<string, Promise<LevelModel>>());
  const wanted = useRef<string | null>(null);
  const preloaded = useRef<Promise<LevelModel | null> | null>(null);
  const alive = useRef(true);
  const latest = useRef({ fail, report });
  useEffect(() => {
    latest.current = { fail, report };
  });

  useEffect(() => {
    alive.current = true;
    if (preload) {
      preloaded.current = preload.level.then(
        (data) => {
          latest.current.report({
            method: 'GET',
            url: `${apiBase}/${venue}/levels/${data.short}`,
            status: 200,
            body: data,
          });
          const levelModel = modelLevel(data);
          cache.current.set(data.short, Promise.resolve(levelModel));
          return levelModel;
        },
        () => null,
      );
    }
    const load = (fromLauncher: Promise<VenueSummary> | undefined) => {
      const request = fromLauncher
        ? fromLauncher.then((data) => {
            latest.current.report({
              method: 'GET',
              url: `${apiBase}/${venue}`,
              status: 200,
              body: data,
            });
            return data;
          })
        : api.summary(venue);
      request.then(
        (data) => {
          if (alive.current) setSummary(data);
        },
        (error: unknown) => {
          if (!alive.current) return;
          // What the launcher could not fetch is asked for again here, once, before giving up.
          if (fromLauncher) load(undefined);
          else latest.current.fail(error, () => load(undefined));
        },
      );
    };
    load(preload?.summary);
    return () => {
      alive.current = false;
    };
  }, [api, apiBase, venue, preload]);

  /** The modelled level, fetched once. */
  const levelData = useCallback(
    (short: string): Promise<LevelModel> => {
      const cached = cache.current.get(short);
      if (cached) return cached;
      const fetchIt = () => api.level(venue, short).then(modelLevel);
      const pending = preloaded.current
        ? preloaded.current.then((m) => (m && m.data.short === short ? m : fetchIt()))
        : fetchIt();
      cache.current.set(short, pending);
      pending.catch(() => cache.current.delete(short));
      return pending;
    },
    [api, venue],
  );

  /** Shows a level: the switcher answers at once, the map once the level is there. */
  const show = useCallback(
    (short: string): Promise<LevelModel | null> => {
      wanted.current = short;
      setLevel(short);
      const attempt = (): Promise<LevelModel | null> =>
        levelData(short).then(
          (levelModel) => {
            if (alive.current && wanted.current === short) setModel(levelModel);
            return levelModel;
          },
          (error: unknown) => {
            if (alive.current) latest.current.fail(error, () => void attempt());
            return null;
          },
        );
      return attempt();
    },
    [levelData],
  );

  /** Whether a level was asked for yet (a route that failed may leave the map without one). */
  const hasLevel = useCallback(() => wanted.current !== null, []);

  /**
   * Forgets the levels and fetches the summary and the level shown again: a visitor's building
   * changed under the editor (modes/edit).
   */
  const refresh = useCallback(async (): Promise<void> => {
    cache.current.clear();
    preloaded.current = null;
    const data = await api.summary(venue);
    if (!alive.current) return;
    setSummary(data);
    const short = wanted.current;
    if (short)
      await show(data.levels.some((entry) => entry.short === short) ? short : data.defaultLevel);
  }, [api, venue, show]);

  return { summary, model, level, show, levelData, hasLevel, refresh };
}
