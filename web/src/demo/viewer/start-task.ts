// The demo's task, begun once the venue's summary is in (with the venue's own samples after a
// switch of venue): a route planned, a guide screen's directory, or the first level shown with
// the nursing rooms or the search opened on it.
import { useLayoutEffect, useRef } from 'react';
import type { VenueSummary } from '../../content/venues/viewer-files';
import type { DemoTask } from '../modes/open-mode';

export interface TaskStarters {
  route: () => void;
  kiosk: (level: string) => void;
  show: (level: string) => void;
  nursing: () => void;
  search: () => void;
}

export function useStartTask(task: DemoTask, summary: VenueSummary | null, start: TaskStarters) {
  const started = useRef(false);
  // Before the paint: a summary the first render had starts the task in the same frame.
  useLayoutEffect(() => {
    if (!summary || started.current) return;
    started.current = true;
    const first = task.level || summary.defaultLevel;
    if (task.mode === 'route' || task.mode === 'nav') start.route();
    else if (task.mode === 'kiosk') start.kiosk(first);
    else {
      start.show(first);
      if (task.mode === 'nursing') start.nursing();
      if (task.mode === 'search') start.search();
    }
    // Runs once per venue, when its summary arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);
}
