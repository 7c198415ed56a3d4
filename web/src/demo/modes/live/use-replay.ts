// Track replay (轨迹回放): a tag's track fetched from the API, played second by second at a
// chosen speed, or moved with the slider.
import { useEffect } from 'react';
import type { TrackAnswer } from '../../api';

export const replaySpeeds = [1, 4, 16] as const;
export type ReplaySpeed = (typeof replaySpeeds)[number];

export interface Replay {
  track: TrackAnswer;
  /** Index into the track's points. */
  index: number;
  playing: boolean;
  speed: ReplaySpeed;
}

/** Advances `replay` while it plays; stops at the last point. */
export function useReplayClock(
  replay: Replay | null,
  setReplay: (update: (current: Replay | null) => Replay | null) => void,
) {
  const playing = replay?.playing ?? false;
  const speed = replay?.speed ?? 1;
  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => {
      setReplay((current) => {
        if (!current) return current;
        const last = current.track.points.length - 1;
        const index = Math.min(current.index + 1, last);
        return { ...current, index, playing: index < last };
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, setReplay]);
}
