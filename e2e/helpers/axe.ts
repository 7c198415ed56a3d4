// axe-core in the page: all WCAG 2.1 A/AA rules and best practices, reporting the violations of
// serious or critical impact. The script is evaluated over the DevTools protocol, which the page's
// Content-Security-Policy does not govern, so pages are audited with their CSP in force (an
// inline <script> tag would need the CSP bypassed).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // Once per document: compiling axe's 560 KB cost the renderer 60-125 ms a page (2026-12-03).
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    interface Check {
      id: string;
    }
    interface Rule {
      id: string;
      impact?: string;
      any: (Check | string)[];
      all: (Check | string)[];
      none: (Check | string)[];
    }
    const axe = (
      window as unknown as {
        axe: {
          run: (o: object) => Promise<{ violations: unknown[] }>;
          _audit?: { rules?: Rule[]; data?: { checks?: Record<string, { impact?: string }> } };
        };
      }
    ).axe;
    // The rules that cannot report anything serious or critical are not run: a violation's
    // impact is its rule's own, or else the highest of its failing checks', all fixed in axe's
    // metadata. Their results were thrown away below, and they were a quarter of axe's time
    // (173 -> 127 ms a page, the same serious violations, 2026-12-03). A rule whose impact the
    // metadata does not tell (another axe version, a shape of `_audit` this does not know) runs.
    const harmless = ['minor', 'moderate'];
    const checks = axe._audit?.data?.checks ?? {};
    const cannotBeSerious = (rule: Rule) => {
      if (rule.impact) return harmless.includes(rule.impact);
      const ids = [...rule.any, ...rule.all, ...rule.none].map((c) =>
        typeof c === 'string' ? c : c.id,
      );
      return ids.length > 0 && ids.every((id) => harmless.includes(checks[id]?.impact ?? ''));
    };
    const skipped = (axe._audit?.rules ?? []).filter(cannotBeSerious).map((rule) => rule.id);
    const result = await axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])),
    });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
