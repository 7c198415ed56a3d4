import { describe, expect, it } from 'vitest';
import { mapColours } from '../style';
import { drawWalls, shade } from './draw-walls';
import { recordPaths, recordingFrame, worldTransform } from './recording-context';

recordPaths();

describe('the walls pass', () => {
  it('lying flat, fills the raised units and then strokes the doors, without walls', () => {
    const { frame, recorder } = recordingFrame();
    drawWalls(frame);
    const raised = frame.level.raised.flatMap(({ groups }) => groups);
    expect(raised.length).toBeGreaterThan(0);
    const fills = recorder.ops('fill');
    expect(fills.map((f) => f.fillStyle)).toEqual(raised.map((g) => g.style.fill));
    expect(recorder.ops('stroke').at(-1)?.strokeStyle).toBe(mapColours.entrance);
  });

  it('raised, draws the doors, then each height: walls (fronts, sides shaded) and roofs above them', () => {
    const { frame, recorder } = recordingFrame({}, { tilt: 0.7, bearing: 0.5 });
    drawWalls(frame);
    const doors = recorder.calls.findIndex((c) => c.strokeStyle === mapColours.entrance);
    const firstFill = recorder.calls.findIndex((c) => c.op === 'fill');
    expect(doors).toBeLessThan(firstFill);
    for (const { height, groups } of frame.level.raised) {
      for (const group of groups) {
        const front = recorder.ops('fill').find((f) => f.fillStyle === group.style.wall);
        expect(front?.transform).toEqual(worldTransform(frame));
        const side = recorder.ops('fill').find((f) => f.fillStyle === shade(group.style.wall, 0.9));
        expect(side).toBeDefined();
        const roof = recorder.ops('fill').find((f) => f.fillStyle === group.style.fill);
        expect(roof?.transform).toEqual(worldTransform(frame, height));
        expect(recorder.calls.indexOf(front!)).toBeLessThan(recorder.calls.indexOf(roof!));
      }
    }
  });

  it('builds a wall only on the edges facing the viewer', () => {
    // Looking north (bearing 0): of the shop's four edges only the south one faces the viewer.
    const { frame, recorder } = recordingFrame({}, { tilt: 0.7 });
    drawWalls(frame);
    const shop = frame.level.model.byId.get('shop')!;
    const walls = recorder.ops('fill').filter((f) => f.fillStyle === shop.style.wall);
    const quads = walls.flatMap((w) => w.path).filter(([verb]) => verb === 'moveTo');
    expect(quads.map(([, x, y]) => [x, y])).toContainEqual([100, 200]);
    expect(quads.map(([, , y]) => y)).not.toContain(500);
  });
});

describe('shade', () => {
  it('darkens a hex colour channel by channel, within 0-255', () => {
    expect(shade('#ff8000', 0.5)).toBe('rgb(128 64 0)');
    expect(shade('#ff8000', 2)).toBe('rgb(255 255 0)');
  });
});
