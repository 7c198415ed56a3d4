// Back-to-top motion (spec sections 4 and 9): every 10 ms the page moves up by 4 percent of its
// current scroll offset (at least one pixel, so it always arrives); visitors who ask for reduced
// motion go to the top at once. Any wheel, touch or key input hands control back to the visitor.

export const backToTopThreshold = 1200;
export const scrollStepFraction = 0.04;
export const scrollStepMs = 10;

export interface ScrollWindow {
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
  matchMedia(query: string): { matches: boolean };
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The offset after one step from `offset`. */
export function nextOffset(offset: number): number {
  return Math.max(0, offset - Math.max(1, Math.ceil(offset * scrollStepFraction)));
}

const interruptions = ['wheel', 'touchstart', 'keydown'] as const;

/** Starts the motion; `onDone` runs once the page is at the top (not when interrupted). */
export function scrollToTop(win: ScrollWindow, onDone: () => void): () => void {
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    win.scrollTo(0, 0);
    onDone();
    return () => {};
  }
  let timer = 0;
  const stop = () => {
    win.clearInterval(timer);
    for (const type of interruptions) win.removeEventListener(type, stop);
  };
  // Done in the step that arrives, not one tick later: a loaded machine may delay that tick, and
  // focus must land on the top as the page does.
  const finish = () => {
    stop();
    onDone();
  };
  timer = win.setInterval(() => {
    const offset = win.scrollY;
    if (offset <= 0) return finish();
    const next = nextOffset(offset);
    win.scrollTo(0, next);
    if (next <= 0) finish();
  }, scrollStepMs);
  for (const type of interruptions) win.addEventListener(type, stop, { passive: true });
  return stop;
}
