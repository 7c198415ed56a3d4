// The plan's installation list as CSV: one line per device, numbered as an installer walks
// each floor, with its level, position and mount height. A byte-order mark first, so that
// spreadsheet programs read the Chinese header as UTF-8.
import type { PlanAnswer } from '../../api-answers';

export function planCsv(plan: PlanAnswer, header: string): string {
  const lines = plan.devices.map(
    (d) =>
      `${d.name},${d.level},${d.point[0].toFixed(7)},${d.point[1].toFixed(7)},${d.height_m.toFixed(1)}`,
  );
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}
