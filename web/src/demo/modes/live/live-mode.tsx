// The viewer's live positioning mode (issue #17), whole: the stream of the level shown, the truth
// toggle, track replay, the drawn fence and its alerts. It is given the venue and level (the
// kit) and whether it is open, and hands back its panel and its layers of the map.
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { FenceEntry } from '../../../content/venues/viewer-files';
import { type FenceOutline, type LiveDot, dotsOf, replayOn, squareAround } from '../../live-dots';
import { worldToLonLat } from '../../projection';
import { type ModeKit, useLevelFences } from '../kit';
import { type FencePhase, FencePanel } from './fence-panel';
import { LivePanel } from './live-panel';
import { ReplayPanel } from './replay-panel';
import { useLive } from './use-live';
import { type Replay, useReplayClock } from './use-replay';
import { pagePunctuation } from '../../../runtime/page-language';

/** Half the side of the fence dropped in the view's middle, world units: 30 m across. */
const CENTRE_FENCE_HALF = 150;
/** The dwell time the server is asked to watch for, minutes. */
const DWELL_MINUTES = 1;
const noFences: FenceEntry[] = [];

export interface LiveMode {
  panel: ReactNode;
  map: {
    liveDots: LiveDot[];
    liveLine: [number, number][];
    liveFence: FenceOutline | null;
    venueFences: [number, number][][];
    onTapPoint: ((x: number, y: number) => void) | undefined;
  };
}

export function useLiveMode(
  kit: ModeKit,
  /** The mode is open (else the stream is closed and nothing is drawn). */
  active: boolean,
  /** Where the map looks, world units: a fence dropped from the keyboard goes there. */
  centre: () => { x: number; y: number } | undefined,
): LiveMode {
  const { words, api, venue, level, summary, show, fail } = kit;
  const origin = summary?.origin ?? null;
  const fences = summary?.fences ?? noFences;
  const venueFences = useLevelFences(kit, active);
  const marks = pagePunctuation();
  const fenceNames = [
    ...new Set(fences.map((f) => `${f.name}${marks.open}${f.level}${marks.close}`)),
  ].join(marks.list);
  const [truth, setTruth] = useState(false);
  const [replay, setReplay] = useState<Replay | null>(null);
  // The level watched when the replay began: back to live is back to it, not to wherever the
  // replayed tag last walked (a level that may have no tag now).
  const [replayFrom, setReplayFrom] = useState<string | null>(null);
  const [replayLoading, setReplayLoading] = useState(false);
  useReplayClock(replay, setReplay);
  const [fencePhase, setFencePhase] = useState<FencePhase>('none');
  const [fenceCorners, setFenceCorners] = useState<[number, number][]>([]);
  const [fenceLevel, setFenceLevel] = useState<string | null>(null);
  // A fence belongs to the level it was drawn on.
  const fenceHere = fencePhase !== 'none' && fenceLevel === level;
  const fenceLonLat =
    fenceHere && fencePhase === 'on' && origin
      ? fenceCorners.map((corner) => worldToLonLat(origin, corner))
      : undefined;
  const fenceOutline = useMemo(
    () => (fenceHere ? { corners: fenceCorners, closed: fencePhase === 'on' } : null),
    [fenceHere, fenceCorners, fencePhase],
  );
  const startFence = (phase: FencePhase, corners: [number, number][]) => {
    setFencePhase(phase);
    setFenceCorners(corners);
    setFenceLevel(level);
  };
  // The stream is closed while a track is replayed.
  const positions = useLive(
    active && !replay && level
      ? api.liveUrl(
          venue,
          level,
          truth,
          fenceLonLat && { corners: fenceLonLat, dwellMinutes: DWELL_MINUTES },
        )
      : null,
  );
  const picture = useMemo(() => {
    if (!origin || !level || !active) return { dots: [], line: [] };
    if (replay) return replayOn(replay.track, replay.index, origin, level, truth);
    return { dots: dotsOf(positions.frame, origin, level), line: [] };
  }, [positions.frame, origin, level, active, replay, truth]);
  const replayLevel = active ? replay?.track.points[replay.index]?.level : undefined;
  useEffect(() => {
    // The map follows the replayed tag from level to level.
    if (replayLevel && replayLevel !== level) void show(replayLevel);
  }, [replayLevel, level, show]);
  const startReplay = (tag: string) => {
    setReplayLoading(true);
    api
      .track(venue, tag)
      .then((track) => {
        if (!track.points.length) return;
        setReplayFrom(level);
        setReplay({ track, index: 0, playing: true, speed: 4 });
      })
      .catch((error: unknown) => fail(error, () => startReplay(tag)))
      .finally(() => setReplayLoading(false));
  };
  const trackFile = (format: 'geojson' | 'csv') => {
    const { tag, from, to } = replay?.track ?? {};
    return tag && from != null && to != null ? api.trackFileUrl(venue, tag, from, to, format) : '';
  };

  const panel = (
    <>
      <LivePanel
        words={words}
        status={positions.status}
        count={replay ? 0 : picture.dots.length}
        accuracy={positions.frame?.accuracy ?? []}
        truth={truth}
        onTruth={setTruth}
        tags={picture.dots.map((dot) => dot.id)}
        onReplay={startReplay}
        replayLoading={replayLoading}
      >
        {replay ? (
          <ReplayPanel
            words={words}
            replay={replay}
            onChange={setReplay}
            onBack={() => {
              setReplay(null);
              if (replayFrom && replayFrom !== level) void show(replayFrom);
            }}
            files={{ geojson: trackFile('geojson'), csv: trackFile('csv') }}
          />
        ) : null}
      </LivePanel>
      {replay ? null : (
        <FencePanel
          words={words}
          phase={fenceHere ? fencePhase : 'none'}
          corners={fenceCorners.length}
          onDraw={() => startFence('drawing', [])}
          onFinish={() => setFencePhase('on')}
          onCentre={() => {
            const at = centre();
            if (at) startFence('on', squareAround(at.x, at.y, CENTRE_FENCE_HALF));
          }}
          onClear={() => startFence('none', [])}
          alerts={positions.alerts}
          dwellMinutes={DWELL_MINUTES}
          venueFences={fenceNames}
        />
      )}
    </>
  );
  return {
    panel,
    map: {
      liveDots: picture.dots,
      liveLine: picture.line,
      liveFence: active ? fenceOutline : null,
      venueFences,
      onTapPoint:
        active && fenceHere && fencePhase === 'drawing'
          ? (x, y) => setFenceCorners((corners) => [...corners, [x, y]])
          : undefined,
    },
  };
}
