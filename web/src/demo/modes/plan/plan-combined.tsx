// Plans of different zones kept together (issue #33, "a mix by zone"): UWB anchors for the car
// park, BLE beacons for the rest, each planned and proven on its own. The panel lists each plan
// with its figures, adds their bills up by model and sends them to sales together.
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import type { Technology } from '../../api-answers';
import { Button } from '../button';
import { FigureTable } from '../table-head';
import type { PlanPart } from './plan-enquiry';

export interface PlanCombination {
  parts: PlanPart[];
  /** Adds the plan shown (none while it is running or changed and not measured). */
  onAdd: (() => void) | null;
  onRemove: (index: number) => void;
  enquiryHref: string | null;
}

export function PlanCombined(props: { words: ViewerWords; combination: PlanCombination }) {
  const { words, combination } = props;
  const { parts } = combination;
  if (parts.length === 0) return null;
  // The bill: devices per model, and a network point per gateway or anchor.
  const counts = new Map<Technology, number>();
  for (const { plan } of parts) {
    counts.set(plan.technology, (counts.get(plan.technology) ?? 0) + plan.devices.length);
  }
  const wired = [...counts].filter(([technology]) => technology !== 'ble');
  const network = wired.reduce((sum, [, count]) => sum + count, 0);
  return (
    <section className="demo-plan__combined" data-plan-parts={parts.length}>
      <h3 className="demo-live__subtitle">{fill(words.plan_combined, { count: parts.length })}</h3>
      <p>{words.plan_combined_intro}</p>
      <ul>
        {parts.map(({ plan }, index) => (
          <li key={plan.zone}>
            {fill(words.plan_combined_part, {
              zone: words[`plan_zone_${plan.zone}`],
              technology: words[`plan_technology_${plan.technology}`],
              count: plan.devices.length,
              kind: words[`plan_bom_${plan.technology}`],
              cep95: plan.total.cep95_m.toFixed(2),
              target: plan.target_cep95_m,
            })}{' '}
            <Button onClick={() => combination.onRemove(index)}>
              {words.plan_combined_remove}
            </Button>
          </li>
        ))}
      </ul>
      <FigureTable
        columns={[words.plan_bom_model, words.plan_bom_count]}
        rows={[
          ...[...counts].map(([technology, count]) => ({
            key: technology,
            head: (
              <a href={words[`plan_bom_${technology}_href`]}>{words[`plan_bom_${technology}`]}</a>
            ),
            cells: [count],
          })),
          ...(network ? [{ key: 'network', head: words.plan_bom_network, cells: [network] }] : []),
        ]}
      />
      {combination.enquiryHref ? (
        <p>
          <a className="demo-button demo-button--primary" href={combination.enquiryHref}>
            {words.plan_combined_send}
          </a>
        </p>
      ) : null}
    </section>
  );
}
