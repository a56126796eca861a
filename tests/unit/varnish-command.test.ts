/**
 * The varnishd command an operator copies (deploy/varnish/taller.vcl's header, docs/caching.md) runs the VCL with the
 * settings the tests and the rehearsal run it with (scripts/lib/localVarnish.ts): bounded Transient storage above all.
 * The backends an operator copies (deploy/varnish/backends.example.vcl) are bounded as the tests' are.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKEND_MAX_CONNECTIONS, backendsVcl, VARNISHD_SETTINGS } from '../../scripts/lib/localVarnish';
import { DEFAULTS } from '../../server/config/settings';

const commands = (file: string): string[] => readFileSync(file, 'utf8').match(/varnishd -a .*$/gm) ?? [];

describe('the varnishd command in the docs', () => {
  it.each(['deploy/varnish/taller.vcl', 'docs/caching.md'])('in %s gives every setting the tests run with', (file) => {
    const found = commands(file);
    expect(found.length).toBeGreaterThan(0);
    for (const command of found) {
      for (let i = 0; i < VARNISHD_SETTINGS.length; i += 2) expect(command).toContain(`${VARNISHD_SETTINGS[i]} ${VARNISHD_SETTINGS[i + 1]}`);
      // The storage the VCL keeps objects in, by name.
      expect(command).toMatch(/ -s main=malloc,\d+[kmg] /);
    }
  });
});

describe('the backends', () => {
  const backends = (text: string): string[] => text.match(/^backend \w+ \{.*\}$/gm) ?? [];
  const instances = (text: string): string[] => backends(text).filter((line) => !line.startsWith('backend cache_itself '));

  it.each([
    ['deploy/varnish/backends.example.vcl', readFileSync('deploy/varnish/backends.example.vcl', 'utf8')],
    [
      'backends.vcl of the tests and the rehearsal',
      backendsVcl(
        [
          { name: 'instance_1', port: 3001 },
          { name: 'instance_2', port: 3002 },
        ],
        8080,
      ),
    ],
  ])('in %s hold each instance and each retry twin to the same bound', (_, text) => {
    expect(instances(text)).toHaveLength(4);
    for (const line of instances(text)) expect(line).toContain(`.max_connections = ${BACKEND_MAX_CONNECTIONS};`);
  });

  it("let four cache nodes, with their twins, hold less than an instance's MAX_CONNECTIONS", () => {
    expect(4 * 2 * BACKEND_MAX_CONNECTIONS).toBeLessThan(Number(DEFAULTS.MAX_CONNECTIONS));
  });
});
