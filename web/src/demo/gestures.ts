// Mouse, touch and keyboard on the map canvas, turned into camera moves. Pointer events cover
// mouse and touch alike: one pointer pans, two pinch (zoom), turn (rotate) and pan together; the
// right mouse button or Shift+drag rotates. The wheel zooms, except in an embedded demo, where it
// zooms only with Ctrl (a trackpad pinch sends that too) so the page still scrolls past the map.
// Keys, while the canvas has focus: arrows pan, + and - zoom, Q and E rotate, 0 resets. While
// the target holds something under the pointer (the editor's corner), one pointer drags it
// instead of the map.
import { type Camera, panBy, rotateAround, zoomAround } from './projection';

export interface GestureTarget {
  camera(): Camera;
  limits(): [number, number];
  setCamera(camera: Camera): void;
  /** The visitor took hold of the map: stop animations and following. */
  grab(): void;
  tap(sx: number, sy: number): void;
  reset(): void;
  /** A plain wheel turn over an embedded map: tell the visitor to hold Ctrl. */
  wheelHint(): void;
  /** Something to drag under the pointer pressed there, or undefined: the map pans. */
  hold?(sx: number, sy: number): Held | undefined;
}

/** What a pointer holds: it follows the pointer and is let go where the pointer is lifted. */
export interface Held {
  move(sx: number, sy: number): void;
  drop(sx: number, sy: number): void;
  /** Another finger came down, or the browser took the pointer: nothing is moved. */
  cancel(): void;
}

const tapSlop = 6;
const keyPan = 80;
const keyTurn = Math.PI / 12;

/** Listens on the canvas; positions are taken relative to the map's box (the canvas overhangs it). */
export function attachGestures(
  canvas: HTMLCanvasElement,
  box: HTMLElement,
  target: GestureTarget,
  wheelNeedsCtrl: boolean,
) {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let rotating = false;
  let downAt: { x: number; y: number } | null = null;
  let held: Held | undefined;
  const letGo = () => {
    held?.cancel();
    held = undefined;
  };

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = box.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const pair = () => {
    const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    return {
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      dist: Math.hypot(b.x - a.x, b.y - a.y),
      angle: Math.atan2(b.y - a.y, b.x - a.x),
    };
  };

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0 && event.button !== 2) return;
    canvas.setPointerCapture?.(event.pointerId);
    const p = local(event);
    pointers.set(event.pointerId, p);
    target.grab();
    if (pointers.size === 1) {
      moved = 0;
      downAt = p;
      rotating = event.button === 2 || event.shiftKey;
      if (!rotating) held = target.hold?.(p.x, p.y);
    } else {
      downAt = null;
      letGo();
    }
  };

  const onMove = (event: PointerEvent) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const p = local(event);
    let camera = target.camera();
    if (pointers.size >= 2) {
      const start = pair();
      pointers.set(event.pointerId, p);
      const end = pair();
      camera = panBy(camera, end.mid.x - start.mid.x, end.mid.y - start.mid.y);
      if (start.dist > 0)
        camera = zoomAround(camera, end.mid.x, end.mid.y, end.dist / start.dist, target.limits());
      camera = rotateAround(camera, end.mid.x, end.mid.y, -(end.angle - start.angle));
    } else {
      pointers.set(event.pointerId, p);
      moved += Math.hypot(p.x - before.x, p.y - before.y);
      if (held) {
        held.move(p.x, p.y);
        return;
      }
      if (rotating) {
        camera = rotateAround(
          camera,
          camera.width / 2,
          camera.height / 2,
          -(p.x - before.x) * 0.01,
        );
      } else {
        camera = panBy(camera, p.x - before.x, p.y - before.y);
      }
    }
    target.setCamera(camera);
  };

  const onUp = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (held) {
      // A press that did not move is a tap, as without the hold.
      const dropped = event.type === 'pointerup' && moved >= tapSlop;
      const p = local(event);
      if (dropped) held.drop(p.x, p.y);
      else letGo();
      held = undefined;
      if (dropped) {
        downAt = null;
        return;
      }
    }
    if (
      event.type === 'pointerup' &&
      pointers.size === 0 &&
      downAt &&
      moved < tapSlop &&
      !rotating
    ) {
      const p = local(event);
      target.tap(p.x, p.y);
    }
    if (pointers.size === 0) downAt = null;
  };

  const onWheel = (event: WheelEvent) => {
    if (wheelNeedsCtrl && !event.ctrlKey && !event.metaKey) {
      target.wheelHint();
      return;
    }
    event.preventDefault();
    target.grab();
    const p = local(event);
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    const factor = Math.exp(-event.deltaY * unit * (event.ctrlKey ? 0.01 : 0.0018));
    target.setCamera(zoomAround(target.camera(), p.x, p.y, factor, target.limits()));
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const camera = target.camera();
    const cx = camera.width / 2;
    const cy = camera.height / 2;
    let next: Camera | undefined;
    switch (event.key) {
      case 'ArrowLeft':
        next = panBy(camera, keyPan, 0);
        break;
      case 'ArrowRight':
        next = panBy(camera, -keyPan, 0);
        break;
      case 'ArrowUp':
        next = panBy(camera, 0, keyPan);
        break;
      case 'ArrowDown':
        next = panBy(camera, 0, -keyPan);
        break;
      case '+':
      case '=':
        next = zoomAround(camera, cx, cy, 1.4, target.limits());
        break;
      case '-':
      case '_':
        next = zoomAround(camera, cx, cy, 1 / 1.4, target.limits());
        break;
      case 'q':
      case 'Q':
        next = rotateAround(camera, cx, cy, -keyTurn);
        break;
      case 'e':
      case 'E':
        next = rotateAround(camera, cx, cy, keyTurn);
        break;
      case '0':
        event.preventDefault();
        target.reset();
        return;
      default:
        return;
    }
    event.preventDefault();
    target.grab();
    target.setCamera(next);
  };

  const onContextMenu = (event: Event) => event.preventDefault();

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('contextmenu', onContextMenu);
  return () => {
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('keydown', onKey);
    canvas.removeEventListener('contextmenu', onContextMenu);
  };
}
