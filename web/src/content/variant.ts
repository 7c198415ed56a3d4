// The page variants the build renders (docs/design.md "Variants"): the server picks one per
// request.

export type Region = 'china' | 'international';

export type PageVariant = 'desktop-international' | 'desktop-china' | 'mobile';

export const pageVariants: readonly PageVariant[] = [
  'desktop-international',
  'desktop-china',
  'mobile',
];

export function regionOf(variant: PageVariant): Region {
  return variant === 'desktop-china' ? 'china' : 'international';
}
