import { act, render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { testKit } from '../test-kit';
import { type EditMode, nearestCorner, useEditMode } from './edit-mode';

function Harness(props: { onMode: (mode: EditMode) => void }) {
  const mode = useEditMode(
    testKit(),
    true,
    'shop',
    () => undefined,
    () => ({ x: 0, y: 0 }),
  );
  props.onMode(mode);
  return null;
}

describe('the editor on the map', () => {
  it('finds the corner of a ring within reach of a press', () => {
    const ring = [100, 200, 400, 200, 400, 500, 100, 500];
    expect(nearestCorner(ring, 395, 498, 10)).toEqual([400, 500]);
    expect(nearestCorner(ring, 250, 350, 10)).toBeUndefined();
  });

  it('drags a corner of the selected room with the corner tool, as two taps would place it', () => {
    let mode!: EditMode;
    render(<Harness onMode={(now) => (mode = now)} />);
    // Without the corner tool a press takes hold of nothing: the map pans.
    expect(mode.hold).toBeUndefined();
    act(() => mode.drawing.choose('corner'));
    const hold = mode.hold!;
    expect(hold(250, 350, 10)).toBeUndefined();
    const held = hold(398, 203, 10)!;
    act(() => held.move(420, 230));
    expect(mode.outline?.corners).toEqual([
      [400, 200],
      [420, 230],
    ]);
    act(() => held.drop(430, 240));
    expect(mode.drawing.points).toEqual([
      [400, 200],
      [430, 240],
    ]);
  });

  it('moves nothing when the drag is cancelled', () => {
    let mode!: EditMode;
    render(<Harness onMode={(now) => (mode = now)} />);
    act(() => mode.drawing.choose('corner'));
    const held = mode.hold!(100, 200, 10)!;
    act(() => held.move(150, 250));
    act(() => held.cancel());
    expect(mode.outline).toBeNull();
    expect(mode.drawing.points).toEqual([]);
  });
});
