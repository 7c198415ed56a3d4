import { describe, expect, it } from 'vitest';
import { worldToScreen } from '../projection';
import { mapColours } from '../style';
import { drawMarkers, markerBoxes } from './draw-markers';
import type { MapMarker } from './layers';
import { recordPaths, recordingFrame } from './recording-context';

recordPaths();

describe('the markers pass', () => {
  it('draws a pin per marker at its place on screen, coloured by kind, with its letter', () => {
    const markers: MapMarker[] = [
      { kind: 'start', x: 100, y: 100, text: 'A' },
      { kind: 'end', x: 300, y: 100 },
    ];
    const { frame, recorder } = recordingFrame({ markers });
    drawMarkers(frame);
    const pins = recorder.ops('fill').filter((f) => f.path[0]?.[0] === 'moveTo');
    expect(pins.map((p) => p.fillStyle)).toEqual([mapColours.entrance, mapColours.here]);
    const [sx, sy] = worldToScreen(frame.view, 100, 100);
    expect(pins[0]?.transform).toEqual([1, 0, 0, 1, sx, sy]);
    expect(recorder.ops('fillText')[0]?.args).toEqual(['A', 0, -24]);
  });

  it("stands a marker on its unit's roof in the 2.5D view", () => {
    const markers: MapMarker[] = [{ kind: 'place', x: 250, y: 350, unit: 'shop' }];
    const { frame, recorder } = recordingFrame({ markers }, { tilt: 0.7 }, { raised: true });
    drawMarkers(frame);
    const height = frame.level.model.byId.get('shop')!.style.height;
    const [sx, sy] = worldToScreen(frame.view, 250, 350, height);
    expect(recorder.ops('fill')[0]?.transform).toEqual([1, 0, 0, 1, sx, sy]);
  });

  it("puts the visitor's words in a bubble above 'here'", () => {
    const markers: MapMarker[] = [{ kind: 'here', x: 0, y: 0, text: '您在这里' }];
    const { frame, recorder } = recordingFrame({ markers });
    drawMarkers(frame);
    const bubble = recorder.ops('fill').find((f) => f.path[0]?.[0] === 'roundRect');
    // 4 characters measured at 10 px each, plus 14 of padding.
    expect(bubble?.path[0]).toEqual(['roundRect', -27, -46, 54, 22, 6]);
    expect(recorder.ops('fillText')[0]?.args).toEqual(['您在这里', 0, -34.5]);
  });

  it('draws nothing without markers', () => {
    const { frame, recorder } = recordingFrame();
    drawMarkers(frame);
    expect(recorder.calls).toEqual([]);
  });
});

describe('marker boxes', () => {
  it('keep labels clear of a pin above its point and of a bubble as wide as its words', () => {
    const { frame } = recordingFrame();
    const markers: MapMarker[] = [
      { kind: 'start', x: 500, y: 300 },
      { kind: 'here', x: 500, y: 300, text: '您在这里' },
    ];
    const boxes = markerBoxes(
      frame.view,
      markers,
      () => 0,
      (text) => text.length * 10,
    );
    expect(boxes).toEqual([
      [387, 262, 413, 302],
      [372, 258, 428, 314],
    ]);
  });
});
