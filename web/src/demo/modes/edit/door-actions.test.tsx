import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { testKit } from '../test-kit';
import { DoorActions, slideAlong } from './door-actions';
import type { Drawing } from './edit-mode';

function drawing(changes: Partial<Drawing> = {}): Drawing {
  return {
    tool: null,
    points: [],
    choose: vi.fn(),
    place: vi.fn(),
    placeCentre: vi.fn(),
    back: vi.fn(),
    ...changes,
  };
}

describe('the door selected in the editor', () => {
  it('slides by the length of a drag along its wall, in metres to a tenth', () => {
    // A door running east: a drag 23 dm east and 40 dm north goes 2.3 m along it.
    expect(slideAlong([200, 200, 230, 200], [210, 200], [233, 240])).toBe(2.3);
    expect(slideAlong([200, 200, 230, 200], [210, 200], [190, 180])).toBe(-2);
    // Running north from its first end: a drag south goes back.
    expect(slideAlong([0, 80, 0, 120], [0, 100], [3, 85])).toBe(-1.5);
  });

  it('sends the slide of a door dragged on the map, and lets go of the tool', async () => {
    const send = vi.fn();
    const dragged = drawing({
      tool: 'slide',
      points: [
        [210, 200],
        [240, 205],
      ],
    });
    render(
      <DoorActions
        kit={testKit()}
        door="door"
        number={1}
        drawing={dragged}
        busy={false}
        send={send}
      />,
    );
    await waitFor(() => expect(send).toHaveBeenCalledOnce());
    expect(send).toHaveBeenCalledWith([
      { op: 'slide', feature_type: 'opening', id: 'door', along_m: 3 },
    ]);
    expect(dragged.choose).toHaveBeenCalledWith(null);
  });

  it('slides a metre a press and removes the door', () => {
    const send = vi.fn();
    const kit = testKit();
    render(
      <DoorActions kit={kit} door="door" number={1} drawing={drawing()} busy={false} send={send} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '沿墙移动 +1 米' }));
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_remove_door }));
    expect(send.mock.calls).toEqual([
      [[{ op: 'slide', feature_type: 'opening', id: 'door', along_m: 1 }]],
      [[{ op: 'remove', feature_type: 'opening', id: 'door' }]],
    ]);
  });
});
