import { describe, expect, it, vi } from 'vitest';
import { attachGestures, type GestureTarget, type Held } from './gestures';
import type { Camera } from './projection';

const camera: Camera = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 400, height: 300 };

function setUp(hold?: GestureTarget['hold']) {
  const canvas = document.createElement('canvas');
  const box = document.createElement('div');
  box.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300 }) as DOMRect;
  const target = {
    camera: () => camera,
    limits: (): [number, number] => [0.1, 10],
    setCamera: vi.fn(),
    grab: vi.fn(),
    tap: vi.fn(),
    reset: vi.fn(),
    wheelHint: vi.fn(),
    hold,
  };
  attachGestures(canvas, box, target, false);
  // jsdom has no PointerEvent: a mouse event of the pointer's type, with its id.
  const pointer = (type: string, x: number, y: number) => {
    const event = new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true });
    Object.defineProperties(event, {
      pointerId: { value: 1 },
      pointerType: { value: 'mouse' },
    });
    canvas.dispatchEvent(event);
  };
  return { target, pointer };
}

describe('a pointer on the map', () => {
  it('drags what the target holds under it instead of the map, and drops it where lifted', () => {
    const held: Held = { move: vi.fn(), drop: vi.fn(), cancel: vi.fn() };
    const hold = vi.fn(() => held);
    const { target, pointer } = setUp(hold);
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 120, 110);
    pointer('pointermove', 150, 130);
    pointer('pointerup', 150, 130);
    expect(hold).toHaveBeenCalledWith(100, 100);
    expect(held.move).toHaveBeenLastCalledWith(150, 130);
    expect(held.drop).toHaveBeenCalledWith(150, 130);
    expect(target.setCamera).not.toHaveBeenCalled();
    expect(target.tap).not.toHaveBeenCalled();
  });

  it('lets go of what it held and taps when it did not move', () => {
    const held: Held = { move: vi.fn(), drop: vi.fn(), cancel: vi.fn() };
    const { target, pointer } = setUp(() => held);
    pointer('pointerdown', 100, 100);
    pointer('pointerup', 101, 100);
    expect(held.cancel).toHaveBeenCalled();
    expect(held.drop).not.toHaveBeenCalled();
    expect(target.tap).toHaveBeenCalledWith(101, 100);
  });

  it('pans the map when nothing is held there', () => {
    const { target, pointer } = setUp(() => undefined);
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 150, 130);
    pointer('pointerup', 150, 130);
    expect(target.setCamera).toHaveBeenCalled();
    expect(target.tap).not.toHaveBeenCalled();
  });
});
