import { describe, expect, it } from 'vitest';
import { worldToScreen } from '../projection';
import type { RouteModel } from '../route-track';
import { mapColours } from '../style';
import { drawRoute } from './draw-route';
import { pathPoints, recordPaths, recordingFrame } from './recording-context';

recordPaths();

const leg = (level: string, points: number[]) => ({
  level,
  points,
  lengths: [],
  start: 0,
  end: 0,
});
const route = {
  legs: [leg('L1', [100, 100, 400, 100, 400, 300]), leg('L2', [0, 0, 50, 50])],
  levels: ['L1', 'L2'],
} as unknown as RouteModel;

describe('the route pass', () => {
  it("strokes this level's leg through its points on screen, cased, in the route's colour", () => {
    const { frame, recorder } = recordingFrame({ route });
    drawRoute(frame);
    const strokes = recorder.ops('stroke');
    const expected = [
      [100, 100],
      [400, 100],
      [400, 300],
    ].map(([x, y]) => worldToScreen(frame.view, x as number, y as number));
    const line = strokes.find((s) => s.strokeStyle === mapColours.route);
    expect(line?.lineWidth).toBe(5.5);
    expect(line?.lineDash).toEqual([]);
    expect(pathPoints(line?.path ?? [])).toEqual(expected);
    const casing = strokes.find((s) => s.strokeStyle === mapColours.routeCasing);
    expect(casing?.lineWidth).toBe(9);
    expect(strokes.indexOf(casing!)).toBeLessThan(strokes.indexOf(line!));
  });

  it("hints the other levels' legs, dashed and faint, before this level's", () => {
    const { frame, recorder } = recordingFrame({ route });
    drawRoute(frame);
    const [hint] = recorder.ops('stroke');
    expect(hint?.strokeStyle).toBe(mapColours.routeOther);
    expect(hint?.lineDash).toEqual([4, 6]);
    expect(pathPoints(hint?.path ?? [])).toEqual([
      worldToScreen(frame.view, 0, 0),
      worldToScreen(frame.view, 50, 50),
    ]);
  });

  it('puts chevrons along the leg, every 46 pixels', () => {
    const { frame, recorder } = recordingFrame({ route });
    drawRoute(frame);
    const chevrons = recorder.ops('stroke').find((s) => s.strokeStyle === mapColours.chevron);
    // 150 + 100 screen pixels long, the first chevron half a spacing in: 23, 69, ..., 207 (5).
    expect(chevrons?.path.filter(([verb]) => verb === 'moveTo')).toHaveLength(5);
  });

  it('draws nothing without a route', () => {
    const { frame, recorder } = recordingFrame();
    drawRoute(frame);
    expect(recorder.calls).toEqual([]);
  });
});
