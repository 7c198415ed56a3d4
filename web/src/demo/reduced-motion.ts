// Whether the visitor asked for less motion. Read each time it is asked, since the setting can
// change while the page is open, but from one MediaQueryList: a new list per call parsed the
// query again, twice a frame while the navigation's dot walks.
let query: MediaQueryList | null | undefined;

export function prefersReducedMotion(): boolean {
  if (query === undefined) {
    query =
      typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  }
  return query?.matches ?? false;
}
