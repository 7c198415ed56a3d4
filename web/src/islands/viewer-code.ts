// Where the launcher gets the viewer's code (venue-demo.tsx): a chunk of its own, fetched once the
// visitor shows intent. The hand-over page's script holds it instead: its build puts
// viewer-code.inline.ts in this module's place (vite.config.ts "first-frame").
export const importViewer = () => import('../demo/viewer/viewer');
