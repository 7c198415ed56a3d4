// The demo's task, begun once the venue's summary is in (with the venue's own samples after a
// switch of venue): a route planned, a guide screen's directory, or the first level shown with
// the nursing rooms or the search opened on it.
import { useLayoutEffect, useRef } from 'react';
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

export function useStartTask(task: DemoTask, summary: VenueSummary | null, start: TaskStarters) {
  const started = useRef(false);
  // In a task of its own, right after the viewer's first render: the two together were one
  // long task on a phone (issue #34), and the first frame waits for the layout after both anyway.
  useLayoutEffect(() => {
    if (!summary || started.current) return;
    let alive = true;
    // The starters of the render the summary arrived with (they read it).
    const begin = start;
    void yieldToMain().then(() => {
      if (!alive || started.current) return;
      started.current = true;
      const first = task.level || summary.defaultLevel;
      if (task.mode === 'route' || task.mode === 'nav') begin.route();
      else if (task.mode === 'kiosk') begin.kiosk(first);
      else {
        begin.show(first);
        if (task.mode === 'nursing') begin.nursing();
        if (task.mode === 'search') begin.search();
      }
    });
    return () => {
      alive = false;
    };
    // Runs once per venue, when its summary arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);
}
