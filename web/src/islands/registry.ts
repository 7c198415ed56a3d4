// The interactive parts of the site. Only these are hydrated in the browser; everything else is
// static HTML. Adding an island: add its component here and place it on a page with <Island>
// (src/shell/island.tsx).
import type { ComponentProps } from 'react';
import { BuildingUpload } from './building-upload';
import { FloatingTool } from './floating-tool';
import { HeaderNav } from './header-nav';
import { LeadAdmin } from './lead-admin';
import { LeadForm } from './lead-form';
import { VenueDemo } from './venue-demo';

export const islands = {
  'header-nav': HeaderNav,
  'floating-tool': FloatingTool,
  'lead-form': LeadForm,
  'lead-admin': LeadAdmin,
  'venue-demo': VenueDemo,
  'building-upload': BuildingUpload,
} as const;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;
