// The script of mobile pages carrying the live demo (issue #14): its launcher alone. The viewer
// itself loads only when the visitor presses "试一试" (or opens a guide screen's hand-over link).
// The form for a visitor's own building sits next to it on the demo and editor pages.
import { BuildingUpload } from './islands/building-upload';
import { hydrateIslands } from './islands/hydrate';
import { VenueDemo } from './islands/venue-demo';

hydrateIslands({ 'venue-demo': VenueDemo, 'building-upload': BuildingUpload });
