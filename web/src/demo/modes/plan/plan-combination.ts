// Plans of different zones kept together for one venue (issue #33, a mix by zone): the parts, the
// enquiry that sends them together, and their devices on the level shown beside the plan shown.
import { useMemo, useState } from 'react';
import type { PlanAnswer } from '../../api-answers';
import type { LiveDot } from '../../live-dots';
import { deviceDots } from './plan-map';
import type { ModeKit } from '../kit';
import type * as Enquiries from './plan-enquiry';
import type { PlanPart } from './plan-enquiry';

/** `enquiries`: plan-enquiry.ts, loaded with the planning panel. */
export function useCombination(
  kit: ModeKit,
  active: boolean,
  shown: PlanAnswer | null,
  enquiries: typeof Enquiries | undefined,
) {
  const { words, venue, summary, level } = kit;
  const [kept, setKept] = useState<{ venue: string; parts: PlanPart[] }>({ venue, parts: [] });
  // Another venue's plans are not this one's.
  const parts = useMemo(() => (kept.venue === venue ? kept.parts : []), [kept, venue]);
  const origin = summary?.origin;
  const dots = useMemo((): LiveDot[] => {
    if (!active || !origin) return [];
    return parts
      .filter((part) => part.plan !== shown)
      .flatMap(({ plan }) => deviceDots(plan.devices, plan.technology, level, origin));
  }, [active, origin, parts, shown, level]);
  const enquiryHref =
    parts.length > 0 && summary && enquiries
      ? enquiries.enquiryAddress(
          enquiries.combinedEnquiry(words, summary.name, parts, (part) =>
            enquiries.reopenLink(window.location.origin, venue, part),
          ),
        )
      : null;
  return {
    parts,
    dots,
    enquiryHref,
    /** Adds `part`, in place of the plan of its zone if one was kept. */
    add: (part: PlanPart) =>
      setKept({ venue, parts: [...parts.filter((p) => p.plan.zone !== part.plan.zone), part] }),
    remove: (index: number) => setKept({ venue, parts: parts.filter((_, i) => i !== index) }),
  };
}
