import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../demo/api';
import { testSummary } from '../demo/test-level';
import { firstFrameScriptId } from '../runtime/first-frame-place';
import { type FirstFrame, frameAnswers, readFirstFrame } from './first-frame';

const task = { mode: 'nav' as const, venue: 'test-mall', from: 'B2-015', to: 'shop one' };

function pageWith(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = firstFrameScriptId;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById(firstFrameScriptId)?.remove());

describe('the first frame a hand-over page brings', () => {
  const summary = testSummary();
  const frame = {
    venue: 'test-mall',
    summary,
    level: { short: 'B2' },
    route: { distance_m: 10 },
  } as unknown as FirstFrame;

  it('is read when it is the task venue, and not when it is another or not JSON', () => {
    pageWith(JSON.stringify(frame));
    expect(readFirstFrame(document, task)?.venue).toBe('test-mall');
    expect(readFirstFrame(document, { ...task, venue: 'demo-hospital' })).toBeNull();
    document.getElementById(firstFrameScriptId)!.textContent = '%%FIRST-FRAME%%';
    expect(readFirstFrame(document, task)).toBeNull();
  });

  it('answers the viewer calls for the summary and the route, and drafts the level, each once, at once', async () => {
    const calls: string[] = [];
    const api = createApi(
      '/api/venues',
      (call) => calls.push(call.url),
      frameAnswers(frame, task, '/api/venues'),
    );
    expect(api.summaryNow('test-mall')).toBe(summary);
    expect(api.levelDraft('test-mall', 'B2')).toEqual({ short: 'B2' });
    expect(api.routeNow('test-mall', 'B2-015', 'shop one', false)).toEqual({ distance_m: 10 });
    // Taken once: the next call for the same address would ask the network.
    expect(api.summaryNow('test-mall')).toBeUndefined();
    expect(api.levelDraft('test-mall', 'B2')).toBeUndefined();
    // The draft is not the level call's answer: that call is made, and reported, later.
    expect(calls).toEqual([
      '/api/venues/test-mall',
      '/api/venues/test-mall/route?from=B2-015&to=shop%20one',
    ]);
  });
});
