// What the viewer gives every mode: the venue as loaded, the API, and the services they share
// (showing a level, moving the map, saying what happened, opening another mode).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from '../api';
import type { VenueSummary } from '../../content/venues/viewer-files';
import type { Box } from '../geometry';
import type { LevelModel } from '../level-model';
import type { MapFocus } from '../render/map-view';
import type { ViewerWords } from '../../content/venues/viewer-words';
import type { DemoTask, ModeEvent } from './open-mode';

export interface ModeKit {
  words: ViewerWords;
  api: Api;
  venue: string;
  /** The task, with its places only on the first visit to its venue (a switch of venue drops them). */
  task: DemoTask;
  summary: VenueSummary | null;
  /** The level shown, and its model once it is in. */
  level: string | null;
  model: LevelModel | null;
  /** Shows a level: the switcher answers at once, the map once the level is there. */
  show: (short: string) => Promise<LevelModel | null>;
  /** A level's model, fetched once. */
  levelData: (short: string) => Promise<LevelModel>;
  /** Whether a level was asked for yet. */
  hasLevel: () => boolean;
  /** Fetches the summary and the level shown again (the editor changed the building). */
  refresh: () => Promise<void>;
  /** Shows a failed request in the alert, with a retry when the network failed. */
  fail: (error: unknown, retry: () => void) => void;
  /** Clears the alert. */
  quiet: () => void;
  /** Says something to screen readers. */
  announce: (text: string) => void;
  /** Brings a part of the map into view, zoomed in no closer than `closest`. */
  moveMap: (box: Box, closest?: number) => void;
  dispatch: (event: ModeEvent) => void;
  /** The guide screen the viewer stands for, in kiosk mode. */
  kiosk: string | undefined;
  /** Where the visitor is: the guide screen, the task's start, else the venue's sample start. */
  start: string | undefined;
}

export function boxAround(x: number, y: number, radius: number): Box {
  return [x - radius, y - radius, x + radius, y + radius];
}

/** The map's focus, and the call that moves it (each call moves the map, even to the same box). */
export function useMapFocus() {
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const serial = useRef(0);
  const moveMap = (box: Box, closest?: number) => {
    serial.current += 1;
    setFocus({ box, serial: serial.current, closest });
  };
  return [focus, moveMap] as const;
}

/** The venue's own fences on the level shown, world rings, while `active` (else none). */
export function useLevelFences(kit: ModeKit, active: boolean): [number, number][][] {
  const { level } = kit;
  const fences = kit.summary?.fences;
  return useMemo(
    () => (active && fences ? fences.filter((f) => f.level === level).map((f) => f.ring) : []),
    [active, fences, level],
  );
}

/** The newest `value`: a retry calls an action as the viewer is now, not as it was when it failed. */
export function useLatest<T>(value: T) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
