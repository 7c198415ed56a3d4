// An island's code loaded after the page (the hand-over page's upload form, hydrate.tsx), again
// after a failure: a phone on a weak signal loses a request now and then, and the form would
// otherwise stay dead, its markup shown, until the page was reloaded. Browsers fetch a module
// whose fetch failed again when it is imported again (Chromium does; a browser that keeps the
// failure fails each attempt, as before). Tried again after a pause, at the visitor's first touch
// of the island, and when the browser is back online; after the pauses run out, only the latter
// two, so that a page left open without a network does not keep asking.

/** What makes a visitor's use of the island: a tap, the keyboard's focus, a file dragged over. */
const touches = ['pointerdown', 'focusin', 'dragenter'] as const;

/** The pauses before the attempts that no touch brought about, milliseconds. */
export const retryPauses = [2_000, 10_000];

/** The island's code: `load()`'s answer, once an attempt succeeds. */
export async function loadAgainOnFailure<T>(
  load: () => Promise<T>,
  island: HTMLElement,
  pauses: readonly number[] = retryPauses,
): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await load();
    } catch (error) {
      console.error(
        `island "${island.dataset.island}": its code did not load; trying again`,
        error,
      );
      await nextChance(island, pauses[failures]);
    }
  }
}

/** Resolves at the island's next touch, the browser's coming back online, or after `pause`. */
function nextChance(island: HTMLElement, pause: number | undefined): Promise<void> {
  return new Promise((resolve) => {
    const now = () => {
      clearTimeout(timer);
      for (const touch of touches) island.removeEventListener(touch, now);
      window.removeEventListener('online', now);
      resolve();
    };
    const timer = pause === undefined ? undefined : setTimeout(now, pause);
    for (const touch of touches) island.addEventListener(touch, now);
    window.addEventListener('online', now);
  });
}
