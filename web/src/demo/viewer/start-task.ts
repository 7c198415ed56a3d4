// The demo's task, begun once the venue's summary is in (with the venue's own samples after a
// switch of venue): a route planned, a guide screen's directory, or the first level shown with
// the nursing rooms or the search opened on it.
import { useLayoutEffect, useRef, useState } from 'react';
import type { VenueSummary } from '../../content/venues/viewer-files';
import type { DemoTask } from '../modes/open-mode';
import { yieldToMain } from '../../runtime/yield';

export interface TaskStarters {
  route: () => void;
  kiosk: (level: string) => void;
  show: (level: string) => void;
  nursing: () => void;
  search: () => void;
}

/**
 * Starts the task; true while the viewer waits for it. A summary the first render had (a
 * hand-over page's, or one the launcher fetched in time) starts it in the next task: the
 * viewer's first render and the task's work were one long task on a phone (issue #34). The
 * viewer stays unseen until then, so no frame shows it half filled. A summary that arrives
 * later starts the task before the paint, in the same frame.
 */
export function useStartTask(
  task: DemoTask,
  summary: VenueSummary | null,
  start: TaskStarters,
): boolean {
  const started = useRef(false);
  const [waiting, setWaiting] = useState(summary !== null);
  const starters = useRef(start);
  useLayoutEffect(() => {
    starters.current = start;
  });

  useLayoutEffect(() => {
    if (!summary || started.current) return;
    const begin = () => {
      if (started.current) return;
      started.current = true;
      const first = task.level || summary.defaultLevel;
      const now = starters.current;
      if (task.mode === 'route' || task.mode === 'nav') now.route();
      else if (task.mode === 'kiosk') now.kiosk(first);
      else {
        now.show(first);
        if (task.mode === 'nursing') now.nursing();
        if (task.mode === 'search') now.search();
      }
    };
    if (!waiting) return void begin();
    let alive = true;
    void yieldToMain().then(() => {
      if (!alive) return;
      begin();
      setWaiting(false);
    });
    return () => {
      alive = false;
    };
    // Runs once per venue, when its summary arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);

  return waiting;
}
