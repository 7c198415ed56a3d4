import { describe, expect, it } from 'vitest';
import { technologyColours } from '../live-dots';
import type { RouteModel } from '../route-track';
import { mapColours } from '../style';
import { clear, paint } from './painter';
import { recordPaths, recordingFrame } from './recording-context';

recordPaths();

const route = {
  legs: [{ level: 'L1', points: [100, 100, 400, 100], lengths: [], start: 0, end: 0 }],
  levels: ['L1'],
} as unknown as RouteModel;

describe('the painter', () => {
  it('paints back to front: floor, picked unit, words, route, icons, markers, fences, live dots', () => {
    const { frame, recorder } = recordingFrame(
      {
        route,
        highlight: 'wc',
        markers: [{ kind: 'end', x: 400, y: 100 }],
        venueFences: [
          [
            [0, 0],
            [10, 0],
            [10, 10],
          ],
        ],
        liveDots: [{ id: 'BLE-01', technology: 'ble', x: 200, y: 100, spread: 5 }],
      },
      {},
      {
        labels: [
          {
            candidate: {
              key: 'k',
              x: 0,
              y: 0,
              z: 0,
              w: 60,
              h: 20,
              dx: 0,
              dy: 0,
              priority: 1,
              tone: 'normal',
              text: '星巴克',
              glyph: 'info',
            } as never,
            box: [100, 100, 160, 120],
          },
        ],
      },
    );
    paint(frame);
    const at = (found: (call: (typeof recorder.calls)[number]) => boolean) => {
      const index = recorder.calls.findIndex(found);
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    };
    const order = [
      at((c) => c.op === 'fill' && c.fillStyle === mapColours.floor),
      at((c) => c.op === 'fill' && c.fillStyle === mapColours.highlightFill),
      at((c) => c.op === 'fillText' && c.args[0] === '星巴克'),
      at((c) => c.op === 'stroke' && c.strokeStyle === mapColours.route),
      at((c) => c.op === 'drawImage'),
      at((c) => c.op === 'fill' && c.fillStyle === mapColours.here),
      at((c) => c.op === 'stroke' && c.strokeStyle === '#d97706'),
      at((c) => c.op === 'fill' && c.fillStyle === technologyColours.ble && c.globalAlpha === 1),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The screen-space passes draw in CSS pixels at the pixel ratio.
    expect(recorder.ops('fillText')[0]?.transform).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('clears the whole render, margin included', () => {
    const { frame, recorder } = recordingFrame();
    clear(frame.c, 2, frame.view);
    expect(recorder.calls.map((c) => [c.op, c.args, c.transform])).toEqual([
      ['clearRect', [0, 0, 800, 600], [2, 0, 0, 2, 0, 0]],
    ]);
  });
});
