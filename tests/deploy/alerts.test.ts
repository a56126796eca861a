/**
 * The alerting rules that ship beside the manifests (deploy/prometheus), checked by Prometheus's own promtool:
 * `check rules` for the file, `test rules` for what each alert does on synthetic series
 * (tests/deploy/alerts.promtool.yml). And held to the server: every metric they read is one it serves, and the
 * routes they leave out of the 5xx ratio are the route table's probes and outage page.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readConfig } from '../../server/config/settings';
import { createMetrics } from '../../server/ops/metrics';
import { registerSpotsMetrics } from '../../server/spots/spotsMetrics';
import { registerFulfilmentMetrics } from '../../server/fulfilment/reports/fulfilmentMetrics';
import { registerLinkChangeMetrics } from '../../server/checkout/linkChangeMetrics';
import { routeList } from '../../shared/routes';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

const RULES = 'deploy/prometheus/taller-marca-autoridad.rules.yml';
const UNIT_TESTS = 'tests/deploy/alerts.promtool.yml';
const PROMTOOL = process.env.PROMTOOL_PATH || '/usr/bin/promtool';

interface Rule {
  alert: string;
  expr: string;
}
interface UnitTests {
  tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
}
const rules = (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);
const unitTests = parse(readFileSync(UNIT_TESTS, 'utf8')) as UnitTests;

function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(PROMTOOL, args, { encoding: 'utf8', timeout: WAIT_BOUND_MS });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    throw new Error(`waited for promtool ${args.join(' ')} to end: not within ${WAIT_BOUND_MS} ms; it said:\n${result.stdout}${result.stderr}`);
  }
  if (result.error) throw new Error(`promtool could not run (${result.error.message}): apt-get install prometheus, or set PROMTOOL_PATH`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the alerting rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', RULES);
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(status).toBe(0);
  });

  it('pass promtool test rules on synthetic series', () => {
    const { status, output } = promtool('test', 'rules', UNIT_TESTS);
    expect(output).toContain('SUCCESS');
    expect(status, output).toBe(0);
  });

  it.each(rules.map((rule) => rule.alert))('%s is tested firing and tested silent', (alert) => {
    const cases = unitTests.tests.flatMap((test) => test.alert_rule_test).filter((test) => test.alertname === alert);
    expect(cases.some((test) => test.exp_alerts.length > 0)).toBe(true);
    expect(cases.some((test) => test.exp_alerts.length === 0)).toBe(true);
  });

  it('read only metrics the server serves, by those names', async () => {
    const metrics = createMetrics({ clock: () => 0, sale: () => readConfig({}, 0).sale });
    const status = { up: true, lastSuccessMs: 0, failedInARow: 0, reads: { ok: 1, unavailable: 0, credentials: 0, link: 0 }, intervalMs: 10_000 };
    registerSpotsMetrics(metrics.registry, { current: () => null, ready: () => true, status: () => status });
    registerFulfilmentMetrics(metrics.registry, 60, 0);
    registerLinkChangeMetrics(metrics.registry);
    const served = new Set((await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name));
    const read = new Set(rules.flatMap((rule) => [...rule.expr.matchAll(/\b(taller_\w+|http_requests_total)\b/g)].map((match) => match[1])));
    expect([...read].filter((name) => !served.has(name!))).toEqual([]);
    expect(read.size).toBeGreaterThanOrEqual(9);
  });

  it("leave out of the 5xx ratio exactly the route table's probes and outage page", () => {
    const expr = rules.find((rule) => rule.alert === 'TallerServerErrors')!.expr;
    const excluded = [...expr.matchAll(/route!~"([^"]+)"/g)].map((match) => match[1]!.split('|').sort());
    const answersNotFaults = routeList.filter((route) => route.kind === 'probe' || route.kind === 'outage').map((route) => route.path);
    expect(excluded).toEqual([answersNotFaults.sort(), answersNotFaults.sort()]);
  });
});
