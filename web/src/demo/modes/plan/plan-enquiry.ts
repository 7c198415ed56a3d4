// A plan as sales read it (issue #33): the sentence of the enquiry's description, with the link
// that reopens the building and the plan; one plan, or a combination of plans of different zones
// (a mix of technologies: UWB for the car park, BLE for the rest).
import type { PlanAnswer } from '../../api-answers';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { buildingIdPattern } from '../../building-requests';
import { planAddressOf } from './plan-address';
import { pagePunctuation } from '../../../runtime/page-language';

/** A plan and the levels it was asked for (none: every level), as the link reopens it. */
export interface PlanPart {
  plan: PlanAnswer;
  levels: string[];
}

/** The address that reopens `part` of `venue`: on a visitor's building, its private link. */
export function reopenLink(origin: string, venue: string, { plan, levels }: PlanPart): string {
  const key = buildingIdPattern.test(venue) ? 'building' : 'venue';
  const address = planAddressOf(
    plan.technology,
    plan.target_cep95_m,
    levels,
    plan.zone,
    plan.stairs,
  );
  return `${origin}/next/demo?${key}=${venue}&plan=${address}`;
}

/** Where the plan covers: its levels, then its zone and stairwells when not all. */
function coverage(words: ViewerWords, plan: PlanAnswer): string {
  return [
    plan.levels.map((row) => row.level).join(pagePunctuation().list),
    ...(plan.zone === 'all' ? [] : [words[`plan_zone_${plan.zone}`]]),
    ...(plan.stairs ? [] : [words.plan_no_stairs]),
  ].join(pagePunctuation().comma);
}

/** One plan's description for sales. A layout the visitor changed travels as its figures. */
export function planEnquiry(words: ViewerWords, venueName: string, plan: PlanAnswer, url: string) {
  const message = fill(words.plan_enquiry, {
    venue: venueName,
    technology: words[`plan_technology_${plan.technology}`],
    target: plan.target_cep95_m,
    levels: coverage(words, plan),
    count: plan.devices.length,
    kind: words[`plan_bom_${plan.technology}`],
    cep50: plan.total.cep50_m.toFixed(2),
    cep95: plan.total.cep95_m.toFixed(2),
    floor: `${(plan.total.floor_rate * 100).toFixed(1)}%`,
    link: fill(words.plan_enquiry_link, { url }),
  });
  return message + (plan.rounds.length === 0 ? words.plan_enquiry_adjusted : '');
}

/** A combination's description: each part's technology, coverage, devices and link. */
export function combinedEnquiry(
  words: ViewerWords,
  venueName: string,
  parts: PlanPart[],
  link: (part: PlanPart) => string,
): string {
  const sentences = parts.map((part) =>
    fill(words.plan_enquiry_part, {
      technology: words[`plan_technology_${part.plan.technology}`],
      levels: coverage(words, part.plan),
      target: part.plan.target_cep95_m,
      count: part.plan.devices.length,
      kind: words[`plan_bom_${part.plan.technology}`],
      cep95: part.plan.total.cep95_m.toFixed(2),
      url: link(part),
    }),
  );
  return fill(words.plan_enquiry_combined, {
    venue: venueName,
    parts: `\n${sentences.join('\n')}`,
  });
}

/** The business page's enquiry form with `message` in its description. */
export function enquiryAddress(message: string): string {
  return `/next/business?message=${encodeURIComponent(message)}#lead-form`;
}
