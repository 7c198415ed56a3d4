// Loads a venue's summary and its levels (docs/venue-contract.md §4: GET /api/venues/{id} and /levels/{short}), each
// level once, modelled for drawing (level-model.ts). What the launcher fetched in parallel with
// this code, or a hand-over page brought, is in the API's early answers (api.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from './api';
import type { LevelData, LevelDraft, VenueSummary } from '../content/venues/viewer-files';
import { type LevelModel, modelLevel } from './level-model';
import { completeDraft } from './level-draft';
import { whenIdle } from '../runtime/yield';

export function useVenue(
  api: Api,
  venue: string,
  fail: (error: unknown, retry: () => void) => void,
) {
  // A hand-over page's summary is here before the first render (api.ts, early answers).
  const [summary, setSummary] = useState<VenueSummary | null>(() => api.summaryNow(venue) ?? null);
  const [model, setModel] = useState<LevelModel | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const cache = useRef(new Map<string, Promise<LevelModel>>());
  /** The levels modelled, for showing one without waiting a turn. */
  const ready = useRef(new Map<string, LevelModel>());
  const wanted = useRef<string | null>(null);
  const alive = useRef(true);
  const latest = useRef({ fail });
  useEffect(() => {
    latest.current = { fail };
  });

  useEffect(() => {
    alive.current = true;
    if (summary) return;
    const load = () =>
      api.summary(venue).then(
        (data) => {
          if (alive.current) setSummary(data);
        },
        (error: unknown) => {
          if (alive.current) latest.current.fail(error, () => void load());
        },
      );
    void load();
    return () => {
      alive.current = false;
    };
    // Loaded once per venue; a summary the first render had needs no loading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, venue]);

  /** The modelled level, fetched once. */
  const levelData = useCallback(
    (short: string): Promise<LevelModel> => {
      const cached = cache.current.get(short);
      if (cached) return cached;
      const modelled = (data: LevelData) => {
        const levelModel = modelLevel(data);
        ready.current.set(short, levelModel);
        return levelModel;
      };
      // A level the page brought is modelled now, so `show` can show it in this render. A
      // draft lacks only what the editor reads, which a hand-over page's venue never opens: it
      // is drawn as the level, and the whole level asked for once the browser is idle after the
      // first frame, its ids written into the same objects (level-draft.ts). Another level's
      // answer (the venue changed meanwhile) replaces the model; a failed call leaves the draft,
      // which shows all there is.
      const draft = api.levelDraft(venue, short);
      const completeLater = (brought: LevelDraft) =>
        whenIdle()
          .then(() => api.level(venue, short))
          .then((whole) => {
            if (completeDraft(brought, whole) || !alive.current) return;
            const levelModel = modelled(whole);
            cache.current.set(short, Promise.resolve(levelModel));
            if (wanted.current === short) setModel(levelModel);
          })
          .catch(() => undefined);
      if (draft) void completeLater(draft);
      const pending = draft
        ? Promise.resolve(modelled(draft as LevelData))
        : api.level(venue, short).then(modelled);
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
      // A level modelled already (or brought by the page) shows in the same render as what
      // asked for it: a hand-over page's route and its level are drawn in one frame.
      const pending = levelData(short);
      const here = ready.current.get(short);
      if (here) {
        setModel(here);
        return pending;
      }
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
    ready.current.clear();
    const data = await api.summary(venue);
    if (!alive.current) return;
    setSummary(data);
    const short = wanted.current;
    if (short)
      await show(data.levels.some((entry) => entry.short === short) ? short : data.defaultLevel);
  }, [api, venue, show]);

  return { summary, model, level, show, levelData, hasLevel, refresh };
}
