import { describe, expect, it } from 'vitest';
import type { PlacedLabel } from '../labels';
import type { MapLabel } from '../map-labels';
import { mapColours } from '../style';
import { drawIcons, drawLabels } from './draw-labels';
import { font } from './frame';
import { recordPaths, recordingFrame } from './recording-context';

recordPaths();

const label = (text: string | undefined, extra: Partial<MapLabel>, box: PlacedLabel['box']) => ({
  candidate: {
    key: text ?? 'icon',
    x: 0,
    y: 0,
    z: 0,
    w: 80,
    h: 20,
    dx: 0,
    dy: 0,
    priority: 1,
    tone: 'normal',
    text,
    ...extra,
  } as MapLabel,
  box,
});

describe('the labels pass', () => {
  it("writes each word haloed then filled, in its tone's font and colour, zones first", () => {
    const labels = [
      label('星巴克', {}, [100, 100, 180, 120]),
      label('A区', { tone: 'zone' }, [300, 300, 340, 320]),
    ];
    const { frame, recorder } = recordingFrame({}, {}, { labels });
    drawLabels(frame);
    const filled = recorder.ops('fillText');
    expect(filled.map((f) => [f.args, f.fillStyle, f.font])).toEqual([
      [['A区', 302, 310], mapColours.sectionLabel, font('zone')],
      [['星巴克', 102, 110], mapColours.label, font('normal')],
    ]);
    const haloed = recorder.ops('strokeText');
    expect(haloed.map((s) => s.strokeStyle)).toEqual([mapColours.halo, mapColours.halo]);
    expect(recorder.calls.indexOf(haloed[0]!)).toBeLessThan(recorder.calls.indexOf(filled[0]!));
  });

  it('returns where the icons go, the words moved past them, and leaves out what is off the render', () => {
    const labels = [
      label('服务台', { glyph: 'info' }, [100, 100, 180, 120]),
      label('far', {}, [2000, 100, 2080, 120]),
    ];
    const { frame, recorder } = recordingFrame({}, {}, { labels });
    const icons = drawLabels(frame);
    expect(icons).toEqual([['info', 100, 100]]);
    expect(recorder.ops('fillText').map((f) => f.args)).toEqual([['服务台', 124, 110]]);
    drawIcons(frame, icons);
    const [stamp] = recorder.ops('drawImage');
    expect(stamp?.args).toEqual([frame.sprite('info'), 100, 100, 20, 20]);
  });

  it('draws nothing without labels', () => {
    const { frame, recorder } = recordingFrame();
    expect(drawLabels(frame)).toEqual([]);
    expect(recorder.calls).toEqual([]);
  });
});
