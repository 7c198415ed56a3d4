import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelLevel } from '../level-model';
import { testLevel } from '../test-level';
import { RecordingContext, recordPaths } from './recording-context';
import { MapRenderer } from './renderer';

recordPaths();

// The renderer on a canvas whose 2D context records (jsdom has no canvas), its frames and timers
// run when the test says so, its clock the test's.
let frames: FrameRequestCallback[] = [];
let now = 0;
const contexts = new Map<HTMLCanvasElement, RecordingContext>();

beforeEach(() => {
  frames = [];
  now = 0;
  contexts.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
    kind: string,
  ) {
    if (kind !== '2d') return null;
    const context = contexts.get(this) ?? new RecordingContext();
    contexts.set(this, context);
    return context as unknown as CanvasRenderingContext2D;
  } as typeof HTMLCanvasElement.prototype.getContext);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs the frames asked for, `count` times, `step` ms apart. */
function runFrames(count = 1, step = 16) {
  for (let i = 0; i < count; i += 1) {
    now += step;
    const due = frames;
    frames = [];
    for (const callback of due) callback(now);
  }
}

function setUp() {
  const canvas = document.createElement('canvas');
  const renderer = MapRenderer.create(canvas, null)!;
  const renders = () => contexts.get(canvas)!.ops('clearRect').length;
  renderer.setLevel(modelLevel(testLevel()), false);
  return { canvas, renderer, renders };
}

describe('the map renderer', () => {
  it('draws a first frame once, without its margin, and moves it under a zoom that it covers', () => {
    const { canvas, renderer, renders } = setUp();
    renderer.resize(400, 600, 1);
    expect(renders()).toBe(1);
    expect(canvas.width).toBe(400);
    const whole = renderer.camera;
    renderer.moveTo({ ...whole, scale: whole.scale * 2 }, true);
    runFrames(30);
    expect(renderer.camera.scale).toBeCloseTo(whole.scale * 2);
    expect(renders()).toBe(1);
    expect(canvas.style.transform).toMatch(/^matrix\(.*\) scale\(/);
    // Once the animation has settled, the labels are placed and the map drawn sharp, margin and all.
    vi.advanceTimersByTime(200);
    runFrames();
    expect(renders()).toBe(2);
    expect(canvas.width).toBe(400 + 2 * 120);
    renderer.destroy();
  });

  it("draws a navigation's first frame once, where its camera would have glided to, with its margin", () => {
    const { canvas, renderer, renders } = setUp();
    // The walk starts before the view has its size (a hand-over page): its dot, then its camera.
    renderer.setNavigationDot({ x: 100, y: 100, heading: 0 });
    renderer.moveTo({ ...renderer.camera, x: 100, y: 100, scale: 2 }, true);
    expect(renderer.animating).toBe(false);
    runFrames();
    expect(renders()).toBe(0);
    renderer.resize(400, 600, 1);
    expect(renders()).toBe(1);
    expect(renderer.camera).toMatchObject({ x: 100, y: 100, scale: 2 });
    expect(canvas.width).toBe(400 + 2 * 120);
    // The camera follows the dot: the render is moved under it, not drawn again.
    for (let x = 101; x <= 120; x += 1) {
      renderer.setNavigationDot({ x, y: 100, heading: 0 });
      renderer.setCamera({ ...renderer.camera, x });
      runFrames();
    }
    expect(renders()).toBe(1);
    expect(canvas.style.transform).toBe('matrix(1,0,0,1,-40,0)');
    renderer.destroy();
  });
});
