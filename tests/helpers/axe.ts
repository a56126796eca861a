/**
 * axe-core in a real Chromium page, plus the few colour sums the accessibility tests do themselves.
 *
 * axe's source is evaluated with page.evaluate: that goes through the DevTools protocol, not through a
 * <script> element, so the site's Content-Security-Policy (no inline scripts) does not apply to it and the
 * page is tested with its real headers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions, Spec } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA, and axe's best-practice rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeGlobal {
  axe?: { configure(spec: Spec): void; run(context: Document, options: RunOptions): Promise<AxeResults> };
}

/** An element a rule looked at, as the tests read it: where it is, and for a rule that failed or could not decide, why. */
export interface AxeNode {
  target: string[];
  failureSummary?: string;
  /** What each of the rule's "any" checks said it could not decide (axe's messageKey), and the elements it named. */
  any: { messageKey?: unknown; relatedTargets: string[][] }[];
}

/** A rule's outcome on the page. */
export interface AxeRule {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** What one scan found: axe's results without each element's HTML, which cost most of a scan to build and to carry. */
export interface AxeFindings {
  engine: string;
  violations: AxeRule[];
  incomplete: AxeRule[];
  passes: AxeRule[];
}

/** Injects axe (once per document) and runs it on the whole document, in the page's own terms, then brings back the findings. */
export async function runAxe(page: Page): Promise<AxeFindings> {
  const loaded = await page.evaluate(() => typeof (window as unknown as AxeGlobal).axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS } };
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as AxeGlobal).axe;
    if (!axe) throw new Error('axe-core was not injected');
    axe.configure({ noHtml: true });
    const results = await axe.run(document, runOptions);
    const rules = (found: Result[]): AxeRule[] =>
      found.map((rule) => ({
        id: rule.id,
        impact: rule.impact,
        help: rule.help,
        nodes: rule.nodes.map((node) => ({
          target: node.target.map(String),
          failureSummary: node.failureSummary,
          any: node.any.map((check) => ({
            messageKey: (check.data as { messageKey?: unknown } | null)?.messageKey,
            relatedTargets: (check.relatedNodes ?? []).map((related) => related.target.map(String)),
          })),
        })),
      }));
    return { engine: results.testEngine.name, violations: rules(results.violations), incomplete: rules(results.incomplete), passes: rules(results.passes) };
  }, options);
}

/**
 * Scrolls through the whole page once, a screenful at a time, and back to the top, as a visitor who has read it.
 * Sections with `content-visibility: auto` are laid out only near the viewport and then keep their real size;
 * before that they stand in with an estimated height, and their sizes changing while axe scrolls makes it report
 * text as "overlapped" that is not. Each screenful touches the one before, so every section is laid out once.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo({ top, behavior: 'instant' });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
  });
}

/** One readable line per failing element: rule, impact, selector and axe's own explanation. */
export function describeViolations(violations: AxeRule[]): string[] {
  return violations.flatMap((rule) =>
    rule.nodes.map((node) => `${rule.id} (${rule.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.failureSummary ?? rule.help}`),
  );
}

/** Whether a rule examined (and passed) an element whose selector mentions `fragment`. */
export function passedOn(results: AxeFindings, ruleId: string, fragment: string): boolean {
  const rule = results.passes.find((result) => result.id === ruleId);
  return rule?.nodes.some((node) => node.target.join(' ').includes(fragment)) ?? false;
}

/**
 * A context that behaves as "JavaScript off" for the site while axe can still run in it.
 *
 * Chromium's own switch (javaScriptEnabled: false) still lets page.evaluate run code, but it stops every
 * timer, animation frame and MessageChannel task, and axe.run resolves through setTimeout: it never
 * finishes there (the axe test file proves this). So for the scans without JavaScript every document comes
 * with its policy's script-src replaced by 'none': the islands' entry is inline (allowed only by its hash),
 * so a request filter could not stop it. page.evaluate is not subject to the page's policy. Without the
 * entry no island hydrates and the DOM is the server's HTML, exactly as with JavaScript disabled; the tests
 * check both claims.
 */
export async function blockPageScripts(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const policy = response.headers()['content-security-policy'] ?? '';
    const noScripts = /script-src[^;]*/.test(policy) ? policy.replace(/script-src[^;]*/, "script-src 'none'") : `${policy};script-src 'none'`;
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': noScripts } });
  });
}

/** What Chromium's console line for a script refused by blockPageScripts names (its wording varies by version). */
export const BLOCKED_SCRIPT_MESSAGE = "script-src 'none'";

export type Rgba = [number, number, number, number];

/** Parses Chromium's computed colours: rgb(r, g, b) or rgba(r, g, b, a). */
export function parseColor(value: string): Rgba {
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value.trim());
  if (!match) throw new Error(`Not an rgb() colour: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])];
}

/** `top` painted over `bottom` (bottom is opaque). */
export function blend(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba;
}

const channel = (value: number): number => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

const luminance = ([r, g, b]: Rgba): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
