import { describe, expect, it } from 'vitest';
import { type LiveDot, technologyColours } from '../live-dots';
import { worldToScreen } from '../projection';
import { drawDots } from './draw-dots';
import { pathPoints, recordPaths, recordingFrame } from './recording-context';

recordPaths();

const dots: LiveDot[] = [
  { id: 'BLE-01', technology: 'ble', x: 100, y: 200, spread: 15 },
  { id: 'UWB-01', technology: 'uwb', x: 300, y: 100, spread: 1, truth: { x: 310, y: 100 } },
];

describe('the live dots pass', () => {
  it("draws one dot per tag, at its place on screen, in its technology's colour", () => {
    const { frame, recorder } = recordingFrame({ liveDots: dots });
    drawDots(frame);
    const solid = recorder.ops('fill').filter((f) => f.globalAlpha === 1);
    expect(solid.map((f) => f.fillStyle)).toEqual([technologyColours.ble, technologyColours.uwb]);
    expect(solid.map((f) => f.path[0]?.slice(1, 4))).toEqual([
      [...worldToScreen(frame.view, 100, 200), 5.5],
      [...worldToScreen(frame.view, 300, 100), 5.5],
    ]);
  });

  it('rings where a tag truly is, and draws a faint halo as wide as its spread', () => {
    const { frame, recorder } = recordingFrame({ liveDots: dots });
    drawDots(frame);
    const truth = recorder
      .ops('stroke')
      .find(
        (s) =>
          s.path[0]?.[0] === 'arc' && s.lineWidth === 2 && s.strokeStyle === technologyColours.uwb,
      );
    expect(truth?.path[0]?.slice(1, 3)).toEqual(worldToScreen(frame.view, 310, 100));
    const halo = recorder.ops('fill').find((f) => f.globalAlpha === 0.16);
    // 15 decimetres at half a pixel each: 7.5 px, never less than 8.
    expect(halo?.path[0]?.[3]).toBe(8);
  });

  it("draws a replay's line under the dots", () => {
    const liveLine: [number, number][] = [
      [0, 0],
      [100, 0],
    ];
    const { frame, recorder } = recordingFrame({ liveLine, liveDots: dots });
    drawDots(frame);
    const [line] = recorder.ops('stroke');
    expect(line?.strokeStyle).toBe(technologyColours.ble);
    expect(pathPoints(line?.path ?? [])).toEqual([
      worldToScreen(frame.view, 0, 0),
      worldToScreen(frame.view, 100, 0),
    ]);
  });

  it('draws nothing without tags or a line', () => {
    const { frame, recorder } = recordingFrame({ liveLine: [[0, 0]] });
    drawDots(frame);
    expect(recorder.calls).toEqual([]);
  });
});
