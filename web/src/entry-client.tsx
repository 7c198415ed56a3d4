// The script of desktop pages: hydrates the islands the build rendered, nothing else. Built with
// the browser runtime (Preact through preact/compat, vite.config.ts).
import { BuildingUpload } from './islands/building-upload';
import { FloatingTool } from './islands/floating-tool';
import { HeaderNav } from './islands/header-nav';
import { hydrateIslands } from './islands/hydrate';
import { LeadForm } from './islands/lead-form';
import { VenueDemo } from './islands/venue-demo';

hydrateIslands({
  'header-nav': HeaderNav,
  'floating-tool': FloatingTool,
  'lead-form': LeadForm,
  'venue-demo': VenueDemo,
  'building-upload': BuildingUpload,
});
