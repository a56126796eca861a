/**
 * deploy/varnish/taller.vcl's lists of paths, one per route kind (its sub taller_route), read as the VCL states them:
 * for the test that holds them to shared/routes.ts without a varnishd, and for the one that runs them in one.
 */
import { readFileSync } from 'node:fs';

const VCL_FILE = 'deploy/varnish/taller.vcl';
export const vclText = readFileSync(VCL_FILE, 'utf8');

const literalOf = (pattern: string): string => pattern.replace(/\\(.)/g, '$1');
export const patternOf = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `if (req.http.X-Taller-<Route|Path> ~ "<pattern>") { set req.http.X-Taller-Kind = "<kind>"; }`, in order. */
const KIND_LINE = /if \(req\.http\.X-Taller-(Route|Path) ~ "([^"]*)"\) \{\s*set req\.http\.X-Taller-Kind = "(\w+)";/g;
export const kindLines = [...vclText.matchAll(KIND_LINE)].map(([line, on, pattern, kind]) => ({ line, on, pattern: pattern ?? '', kind: kind ?? '' }));
/** A route kind's list: "^(/a|/b)$", or "^()$" for none. */
export const pathsOf = (pattern: string): string[] => {
  const inner = /^\^\((.*)\)\$$/.exec(pattern)?.[1];
  if (inner === undefined) throw new Error(`not a list of exact paths: ${pattern}`);
  return inner === '' ? [] : inner.split('|').map(literalOf);
};
