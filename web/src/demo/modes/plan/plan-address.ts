// A plan in an address (`/next/demo?venue=demo-mall&plan=aoa,1,L1`): technology, target CEP95 in
// metres, the levels' short names, then the zone when not every part (`@parking`) and `-stairs`
// when stairwells are left out. The link sent to sales writes it; the launcher reads it into the
// demo's task and the planning mode makes the plan. Small on purpose: the launcher island loads
// it with every demo page.
import type { PlanAnswer, Technology } from '../../api-answers';

export type Zone = PlanAnswer['zone'];

const pattern =
  /^(ble|aoa|uwb),\d{1,2}(\.\d{1,2})?(,[A-Za-z0-9][A-Za-z0-9-]{0,15}){0,30}(,@(parking|circulation|rooms|rest))?(,-stairs)?$/;

export interface AddressedPlan {
  technology: Technology;
  target: number;
  levels: string[];
  zone: Zone;
  stairs: boolean;
}

/** The plan `text` names, or null when it is not one. */
export function readPlanAddress(text: string): AddressedPlan | null {
  if (!pattern.test(text)) return null;
  const [technology, target, ...rest] = text.split(',');
  const zone = rest.find((token) => token.startsWith('@'))?.slice(1) as Zone | undefined;
  return {
    technology: technology as Technology,
    target: Number(target),
    levels: rest.filter((token) => !token.startsWith('@') && token !== '-stairs'),
    zone: zone ?? 'all',
    stairs: !rest.includes('-stairs'),
  };
}

export function planAddressOf(
  technology: Technology,
  target: number,
  levels: string[],
  zone: Zone = 'all',
  stairs = true,
): string {
  const scope = [...(zone === 'all' ? [] : [`@${zone}`]), ...(stairs ? [] : ['-stairs'])];
  return [technology, String(target), ...levels, ...scope].join(',');
}
