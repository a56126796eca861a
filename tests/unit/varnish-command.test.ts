/**
 * The varnishd command an operator copies (deploy/varnish/taller.vcl's header, docs/caching.md) runs the VCL with the
 * settings the tests and the rehearsal run it with (scripts/lib/localVarnish.ts): bounded Transient storage above all.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARNISHD_SETTINGS } from '../../scripts/lib/localVarnish';

const commands = (file: string): string[] => readFileSync(file, 'utf8').match(/varnishd -a .*$/gm) ?? [];

describe('the varnishd command in the docs', () => {
  it.each(['deploy/varnish/taller.vcl', 'docs/caching.md'])('in %s gives every setting the tests run with', (file) => {
    const found = commands(file);
    expect(found.length).toBeGreaterThan(0);
    for (const command of found) {
      for (let i = 0; i < VARNISHD_SETTINGS.length; i += 2) expect(command).toContain(`${VARNISHD_SETTINGS[i]} ${VARNISHD_SETTINGS[i + 1]}`);
    }
  });
});
