// Where a hand-over page's first frame goes (issue #34, docs/live-demo.md "The first frame"): the
// element the build writes into the demo page for it, and the marker the server replaces with
// the frame's JSON (server/src/http/first_frame.rs reads the marker from dist/manifest.json). A
// page served without a frame keeps the marker, which is not JSON.
export const firstFrameScriptId = 'demo-first-frame';
export const firstFrameMarker = '%%FIRST-FRAME%%';
