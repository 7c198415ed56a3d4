// Whether the visitor asked for less motion. Read each time it is asked, since the setting can
// change while the page is open, but from one MediaQueryList: a new list per call parsed the
// query again, twice a frame while the navigation's dot walks.

/** A reader of the list `media` makes when first asked; false where there is none. */
export function reducedMotionReader(media: () => { readonly matches: boolean } | null) {
  let list: { readonly matches: boolean } | null | undefined;
  return (): boolean => {
    if (list === undefined) list = media();
    return list?.matches ?? false;
  };
}

export const prefersReducedMotion = reducedMotionReader(() =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null,
);
