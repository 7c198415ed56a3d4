import { describe, expect, it } from 'vitest';
import { worldToScreen } from '../projection';
import { drawFences } from './draw-fences';
import { pathPoints, recordPaths, recordingFrame } from './recording-context';

recordPaths();

const square: [number, number][] = [
  [100, 100],
  [200, 100],
  [200, 200],
  [100, 200],
];

describe('the fences pass', () => {
  it("outlines the venue's fences, dashed amber, at their places on screen", () => {
    const { frame, recorder } = recordingFrame({ venueFences: [square] });
    drawFences(frame);
    const [outline] = recorder.ops('stroke');
    expect(outline?.strokeStyle).toBe('#d97706');
    expect(outline?.lineDash).toEqual([8, 5]);
    expect(pathPoints(outline?.path ?? [])).toEqual(
      square.map(([x, y]) => worldToScreen(frame.view, x, y)),
    );
  });

  it("outlines a plan's coverage gaps, dashed red, under the venue's fences", () => {
    const { frame, recorder } = recordingFrame({ gaps: [square], venueFences: [square] });
    drawFences(frame);
    const [gap, fence] = recorder.ops('stroke');
    expect(gap?.strokeStyle).toBe('#b91c1c');
    expect(gap?.lineDash).toEqual([4, 3]);
    expect(fence?.strokeStyle).toBe('#d97706');
    expect(pathPoints(gap?.path ?? [])).toEqual(
      square.map(([x, y]) => worldToScreen(frame.view, x, y)),
    );
  });

  it('fills a closed fence being drawn and marks its corners; an open one is dashed, unfilled', () => {
    const closed = recordingFrame({ liveFence: { corners: square, closed: true } });
    drawFences(closed.frame);
    const fills = closed.recorder.ops('fill');
    expect(fills[0]?.fillStyle).toBe('rgb(220 38 38 / 10%)');
    expect(fills.filter((f) => f.fillStyle === '#dc2626')).toHaveLength(4);
    const open = recordingFrame({ liveFence: { corners: square, closed: false } });
    drawFences(open.frame);
    expect(open.recorder.ops('stroke')[0]?.lineDash).toEqual([6, 4]);
    expect(open.recorder.ops('fill').map((f) => f.fillStyle)).toEqual(Array(4).fill('#dc2626'));
  });

  it('draws nothing without fences', () => {
    const { frame, recorder } = recordingFrame({ liveFence: { corners: [], closed: false } });
    drawFences(frame);
    expect(recorder.calls).toEqual([]);
  });
});
