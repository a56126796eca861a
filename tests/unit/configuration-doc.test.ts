/**
 * docs/configuration.md is where an operator looks up a setting: its table names every variable the server
 * reads, with the default the server really uses, and nothing the server does not read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/config/settings';

/** Each row of the settings table: the variable, and its default cell. */
function documentedSettings(): Map<string, string> {
  const rows = readFileSync('docs/configuration.md', 'utf8')
    .split('\n')
    .map((line) => /^\| `([A-Z_]+)` \| (.+?) \|/.exec(line))
    .filter((match) => match !== null);
  return new Map(rows.map(([, name, defaultCell]) => [name as string, defaultCell as string]));
}

describe('docs/configuration.md', () => {
  const documented = documentedSettings();

  it('lists every setting the server reads, and no other', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(DEFAULTS).sort());
  });

  it.each(Object.entries(DEFAULTS))('states the default of %s as the server has it', (name, value) => {
    const cell = documented.get(name) ?? '';
    if (value === '') expect(cell).toMatch(/^unset/);
    else expect(/^`([^`]+)`/.exec(cell)?.[1]).toBe(value);
  });
});
