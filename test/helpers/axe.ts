import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let source: string | undefined;

/**
 * Runs axe-core in the page and returns the violations of impact serious or critical,
 * shortened to what a failing assertion needs to explain itself. `alsoRules` turns on
 * rules axe ships switched off (experimental ones, e.g. `label-content-name-mismatch`:
 * a control's visible text is part of its accessible name, WCAG 2.5.3).
 */
export async function seriousAxeViolations(
  page: Page,
  alsoRules: string[] = [],
): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script> tag: the app's Content-Security-Policy
  // (rightly) refuses inline scripts, and evaluation through DevTools is not subject to it.
  source ??= fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async (extra) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (options: {
            rules: Record<string, { enabled: boolean }>;
          }) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run({
      rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, alsoRules);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
