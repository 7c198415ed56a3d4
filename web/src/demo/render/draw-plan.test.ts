import { describe, expect, it } from 'vitest';
import { mapColours, unitStyles } from '../style';
import { drawDoors, drawHighlight, drawPlan } from './draw-plan';
import {
  RecordingPath,
  pathPoints,
  recordPaths,
  recordingFrame,
  worldTransform,
} from './recording-context';

recordPaths();

describe('the plan pass', () => {
  it('fills the floor first, then the flat units by layer, in world units at the pixel ratio', () => {
    const { frame, recorder } = recordingFrame();
    drawPlan(frame);
    const fills = recorder.ops('fill');
    expect(fills[0]?.fillStyle).toBe(mapColours.floor);
    expect(fills[0]?.args).toEqual([frame.level.outline, 'evenodd']);
    expect(fills[0]?.transform).toEqual(worldTransform(frame));
    const groups = frame.level.flat.map((group) => group.style.fill);
    expect(fills.slice(1, 1 + groups.length).map((f) => f.fillStyle)).toEqual(groups);
    expect(groups).toContain(unitStyles.walk.fill);
  });

  it('then the sections (dashed), fixtures, greenery and kiosks', () => {
    const { frame, recorder } = recordingFrame();
    drawPlan(frame);
    const section = recorder.ops('stroke').find((s) => s.strokeStyle === mapColours.sectionStroke);
    // 6 and 4 pixels at half a pixel per decimetre.
    expect(section?.lineDash).toEqual([12, 8]);
    expect(recorder.ops('fill').at(-1)?.fillStyle).toBe(mapColours.kiosk);
    expect(pathPoints(recorder.ops('fill').at(-1)?.path ?? [])).toEqual([
      [795, 98],
      [805, 98],
      [805, 102],
      [795, 102],
    ]);
  });

  it('strokes the doors: walkways, roads, then entrances wider', () => {
    const { frame, recorder } = recordingFrame();
    drawDoors(frame);
    const strokes = recorder.ops('stroke');
    expect(strokes.map((s) => s.strokeStyle)).toEqual([
      unitStyles.walk.fill,
      unitStyles.road.fill,
      mapColours.entrance,
    ]);
    expect(pathPoints(strokes[2]?.path ?? [])).toEqual([
      [0, 80],
      [0, 120],
    ]);
    expect(strokes[2]?.lineWidth).toBe(8);
  });
});

describe('the highlight pass', () => {
  it("fills and outlines the picked unit's shape", () => {
    const { frame, recorder } = recordingFrame({ highlight: 'wc' });
    drawHighlight(frame);
    const [fill] = recorder.ops('fill');
    const [stroke] = recorder.ops('stroke');
    expect(fill?.fillStyle).toBe(mapColours.highlightFill);
    expect(fill?.args[0]).toBeInstanceOf(RecordingPath);
    expect(pathPoints(fill?.path ?? [])).toEqual([
      [400, 200],
      [500, 200],
      [500, 300],
      [400, 300],
    ]);
    expect(stroke?.strokeStyle).toBe(mapColours.highlight);
    expect(fill?.transform).toEqual(worldTransform(frame));
  });

  it('lifts it onto its roof in the 2.5D view', () => {
    const { frame, recorder } = recordingFrame({ highlight: 'shop' }, { tilt: 0.7 });
    drawHighlight(frame);
    const height = frame.level.model.byId.get('shop')?.style.height ?? 0;
    expect(height).toBeGreaterThan(0);
    expect(recorder.ops('fill')[0]?.transform).toEqual(worldTransform(frame, height));
  });

  it('draws nothing with no unit picked, or one not on this level', () => {
    for (const highlight of [null, 'elsewhere']) {
      const { frame, recorder } = recordingFrame({ highlight });
      drawHighlight(frame);
      expect(recorder.calls).toEqual([]);
    }
  });
});
