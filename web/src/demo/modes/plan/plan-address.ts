// A plan in an address (`/next/demo?venue=demo-mall&plan=aoa,1,L1`): technology, target CEP95 in
// metres and the levels' short names. The link sent to sales writes it; the launcher reads it
// into the demo's task and the planning mode makes the plan. Small on purpose: the launcher
// island loads it with every demo page.
import type { Technology } from '../../api-answers';

const pattern = /^(ble|aoa|uwb),\d{1,2}(\.\d{1,2})?(,[A-Za-z0-9-]{1,16}){0,30}$/;

export interface AddressedPlan {
  technology: Technology;
  target: number;
  levels: string[];
}

/** The plan `text` names, or null when it is not one. */
export function readPlanAddress(text: string): AddressedPlan | null {
  if (!pattern.test(text)) return null;
  const [technology, target, ...levels] = text.split(',');
  return { technology: technology as Technology, target: Number(target), levels };
}

export function planAddressOf(technology: Technology, target: number, levels: string[]): string {
  return [technology, String(target), ...levels].join(',');
}
