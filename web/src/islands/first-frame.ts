// What a hand-over page brings for the demo's first frame (issue #34, docs/live-demo.md "The
// first frame"): the server answers a demo address with a venue in it (a guide screen's QR code:
// /next/demo?venue=&from=&to=) with the demo page and, in the element below, the venue's
// summary and the route as the API would answer them, and the level the viewer shows first as a
// draft (less what only the editor reads). The viewer then draws without asking the network;
// the rest, the whole level among it, loads after the first frame.
import type { LevelDraft, VenueSummary } from '../content/venues/viewer-files';
import { type EarlyAnswers, apiPaths, apiUrl } from '../demo/api';
import type { RouteAnswer } from '../demo/api-answers';
import type { DemoTask } from '../demo/modes/open-mode';
import { firstFrameScriptId } from '../runtime/first-frame-place';

/** The JSON the server writes; the route is absent when the address has none or it failed. */
export interface FirstFrame {
  venue: string;
  summary: VenueSummary;
  level: LevelDraft;
  route: RouteAnswer | null;
}

/** The page's first frame, when it is the task's venue's. */
export function readFirstFrame(doc: Document, task: DemoTask): FirstFrame | null {
  const text = doc.getElementById(firstFrameScriptId)?.textContent;
  if (!text) return null;
  try {
    const frame = JSON.parse(text) as FirstFrame;
    return frame.venue === task.venue && frame.summary && frame.level ? frame : null;
  } catch {
    return null;
  }
}

/** The frame as the API's answers to the calls the viewer makes for the task. */
export function frameAnswers(frame: FirstFrame, task: DemoTask, base: string): EarlyAnswers {
  const answers: EarlyAnswers = new Map();
  answers.set(apiUrl(base, apiPaths.summary(frame.venue)), { value: frame.summary });
  answers.set(apiUrl(base, apiPaths.level(frame.venue, frame.level.short)), { draft: frame.level });
  if (frame.route && task.from && task.to) {
    const [path, params] = apiPaths.route(
      frame.venue,
      task.from,
      task.to,
      Boolean(task.accessible),
    );
    answers.set(apiUrl(base, path, params), { value: frame.route });
  }
  return answers;
}
