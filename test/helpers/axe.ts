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
 * shortened to what a failing assertion needs to explain itself.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script> tag: the app's Content-Security-Policy
  // (rightly) refuses inline scripts, and evaluation through DevTools is not subject to it.
  source ??= fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
