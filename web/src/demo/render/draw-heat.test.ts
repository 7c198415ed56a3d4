import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HeatLayer } from '../heat-map';
import { mapColours } from '../style';
import { drawHeat, drawTaken } from './draw-heat';
import {
  RecordingContext,
  pathPoints,
  recordPaths,
  recordingFrame,
  worldTransform,
} from './recording-context';

recordPaths();
beforeAll(() => {
  // jsdom's canvas cannot paint: the heat's picture is painted into a recorder instead.
  const painted = new RecordingContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(painted.context as never);
  vi.stubGlobal('ImageData', class {});
});

const heat = (level: string): HeatLayer => ({
  level,
  x: 10,
  y: 20,
  width: 300,
  height: 200,
  columns: 3,
  rows: 2,
  pixels: new Uint8ClampedArray(24),
});

describe('the heat map pass', () => {
  it("draws the level's heat picture over its world box, with the camera's transform", () => {
    const { frame, recorder } = recordingFrame({ heat: heat('L1') });
    drawHeat(frame);
    const [image] = recorder.ops('drawImage');
    const picture = image?.args[0] as HTMLCanvasElement;
    expect([picture.width, picture.height]).toEqual([3, 2]);
    expect(image?.args.slice(1)).toEqual([10, 20, 300, 200]);
    expect(image?.transform).toEqual(worldTransform(frame));
  });

  it("draws nothing for another level's heat, or none", () => {
    for (const layer of [heat('L2'), null]) {
      const { frame, recorder } = recordingFrame({ heat: layer });
      drawHeat(frame);
      expect(recorder.calls).toEqual([]);
    }
  });
});

describe('the taken spaces pass', () => {
  it('fills the spaces with a car in them red', () => {
    const { frame, recorder } = recordingFrame({ taken: { level: 'L1', ids: ['space', 'gone'] } });
    drawTaken(frame);
    const [fill] = recorder.ops('fill');
    expect(fill?.fillStyle).toBe(mapColours.takenFill);
    expect(pathPoints(fill?.path ?? [])).toEqual([
      [600, 200],
      [625, 200],
      [625, 253],
      [600, 253],
    ]);
    expect(recorder.ops('stroke')[0]?.strokeStyle).toBe(mapColours.taken);
  });

  it("draws nothing for another level's spaces", () => {
    const { frame, recorder } = recordingFrame({ taken: { level: 'B1', ids: ['space'] } });
    drawTaken(frame);
    expect(recorder.calls).toEqual([]);
  });
});
