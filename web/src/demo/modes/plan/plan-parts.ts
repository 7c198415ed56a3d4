// What the planning mode loads only when it opens: its panel, the stream reader and the CSV
// writer (the viewer's own chunk stays as small as it was for visitors who never plan).
export { PlanPanel } from './plan-panel';
export { planCsv } from './plan-csv';
export { streamPlan } from './plan-stream';
export * as layoutEdits from './plan-layout';
export * as enquiries from './plan-enquiry';
