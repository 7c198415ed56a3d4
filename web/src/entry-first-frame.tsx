// The script written into the page a hand-over address is answered with (issue #34,
// vite.config.ts "first-frame", docs/live-demo.md "The first frame"): the demo's launcher with the
// viewer inside, hydrated at once. The form for a visitor's own building, further down the page,
// is hydrated once the page has loaded and drawn its first level, its code a file of its own
// loaded then: neither its bytes nor its work come before the route, nor its file before the
// load event. Should the viewer never draw (it failed), the form hydrates a few seconds after the
// page's load.
import { loadedAndMarked } from './demo/render/marks';
import { hydrateIslands } from './islands/hydrate';
import { VenueDemo } from './islands/venue-demo';

void hydrateIslands(
  { 'venue-demo': VenueDemo },
  {
    after: loadedAndMarked('demo:first-draw', 3000),
    islands: {
      'building-upload': () => import('./islands/building-upload').then((m) => m.BuildingUpload),
    },
  },
);
