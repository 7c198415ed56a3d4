import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ScrollWindow, nextOffset, scrollToTop } from './scroll-to-top';

function fakeWindow(start: number, reducedMotion = false) {
  const listeners = new Map<string, () => void>();
  const positions: number[] = [];
  const win: ScrollWindow & { y: number } = {
    y: start,
    get scrollY() {
      return this.y;
    },
    scrollTo(_x, y) {
      this.y = y;
      positions.push(y);
    },
    setInterval: (handler, ms) => setInterval(handler, ms) as unknown as number,
    clearInterval: (id) => clearInterval(id),
    matchMedia: () => ({ matches: reducedMotion }),
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type) => listeners.delete(type),
  };
  return { win, positions, listeners };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('back-to-top motion', () => {
  it('moves up by 4 percent of the current offset per step, at least one pixel', () => {
    expect(nextOffset(5000)).toBe(4800);
    expect(nextOffset(1250)).toBe(1200);
    expect(nextOffset(10)).toBe(9);
    expect(nextOffset(1)).toBe(0);
  });

  it('steps every 10 ms until the top, then reports done', () => {
    vi.useFakeTimers();
    const { win, positions } = fakeWindow(3000);
    const done = vi.fn();
    scrollToTop(win, done);
    vi.advanceTimersByTime(10);
    expect(positions).toEqual([2880]);
    vi.advanceTimersByTime(10);
    expect(positions).toEqual([2880, 2764]);
    vi.advanceTimersByTime(5000);
    expect(win.scrollY).toBe(0);
    expect(done).toHaveBeenCalledTimes(1);
    // Every step is smaller than the one before: the motion eases out.
    const steps = positions.slice(1).map((y, i) => (positions[i] ?? 0) - y);
    expect(steps.every((step, i) => i === 0 || step <= (steps[i - 1] ?? Infinity))).toBe(true);
  });

  it('reports done in the step that reaches the top', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    const steps = fakeWindow(2);
    scrollToTop(steps.win, done);
    for (const [after, calls] of [
      [[1], 0],
      [[1, 0], 1],
    ] as const) {
      vi.advanceTimersByTime(10);
      expect([steps.positions, done.mock.calls.length]).toEqual([after, calls]);
    }
  });

  it('jumps at once when the visitor prefers reduced motion', () => {
    const { win, positions } = fakeWindow(3000, true);
    const done = vi.fn();
    scrollToTop(win, done);
    expect(positions).toEqual([0]);
    expect(done).toHaveBeenCalledOnce();
  });

  it('stops when the visitor scrolls by wheel, touch or key', () => {
    vi.useFakeTimers();
    const { win, positions, listeners } = fakeWindow(3000);
    const done = vi.fn();
    scrollToTop(win, done);
    vi.advanceTimersByTime(30);
    listeners.get('wheel')?.();
    const stoppedAt = positions.length;
    vi.advanceTimersByTime(1000);
    expect(positions.length).toBe(stoppedAt);
    expect(done).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });
});
