// @vitest-environment happy-dom
/**
 * A page and its client out of step: an island the client does not know, or one whose props script is missing or
 * malformed, is left as the server's HTML and reported with console.error naming it (client/hydrate.tsx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateIsland } from '../../client/hydrate';
import { BEFORE_DEADLINE_MS } from '../helpers/testApp';
import { fetchPage, islandRoot, mountPage, settle } from '../helpers/islands';
import { takeConsoleErrors } from '../setup/fail-on-console-error';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The one console.error the case expects, taken so that the setup's check passes only if nothing else was logged. */
function takeTheOneError(): string {
  const errors = takeConsoleErrors();
  expect(errors).toHaveLength(1);
  return errors[0]!.map(String).join(' ');
}

describe('an island that cannot wake', () => {
  it('with an unknown name: the server HTML stays, and the error names it', async () => {
    mountPage(await fetchPage('/', { nowMs: BEFORE_DEADLINE_MS }));
    const root = islandRoot('countdown');
    const served = root.innerHTML;
    await hydrateIsland(root, 'carousel');
    await settle();
    expect(takeTheOneError()).toContain('Island "carousel"');
    expect(root.innerHTML).toBe(served);
    expect(root.dataset.hydrated).toBeUndefined();
  });

  it.each([
    ['missing', (script: Element) => script.remove(), 'its props script is missing'],
    ['not JSON', (script: Element) => script.replaceChildren('{"nowMs":'), 'its props script is not JSON'],
    ['not an object', (script: Element) => script.replaceChildren('[1,2]'), 'its props are not an object'],
  ])('with a props script %s: the server HTML stays, and the error names the island', async (_case, spoil, reason) => {
    mountPage(await fetchPage('/', { nowMs: BEFORE_DEADLINE_MS }));
    const root = islandRoot('countdown');
    spoil(root.nextElementSibling!);
    const served = root.innerHTML;
    await hydrateIsland(root, 'countdown');
    await settle();
    const error = takeTheOneError();
    expect(error).toContain('Island "countdown"');
    expect(error).toContain(reason);
    expect(root.innerHTML).toBe(served);
    expect(root.dataset.hydrated).toBeUndefined();
  });
});
