/**
 * deploy/varnish/taller.vcl held to shared/routes.ts, with no varnishd: one list of paths per route kind, each the
 * paths of that kind in the table, and the build's files known as the build names them. How the edge treats each
 * kind is checked through a real varnishd in vcl-routes.test.ts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HASHED_ASSET_PATH, type RouteKind, routeList } from '../../shared/routes';
import { kindLines, pathsOf } from '../helpers/vclRouteLists';

/** Every kind of route, listed so that TypeScript asks for a new one here. */
const KINDS: Record<RouteKind, true> = { page: true, file: true, probe: true, outage: true, private: true, webhook: true, action: true };

describe('deploy/varnish/taller.vcl held to shared/routes.ts', () => {
  it('keeps one list per route kind, each the paths of that kind in the table', () => {
    const lists = kindLines.filter(({ on }) => on === 'Route').map(({ kind, pattern }) => [kind, pathsOf(pattern).sort()] as const);
    const table = Object.keys(KINDS).map(
      (kind) =>
        [
          kind,
          routeList
            .filter((route) => route.kind === kind)
            .map((route) => route.path)
            .sort(),
        ] as const,
    );
    expect(Object.fromEntries(lists)).toEqual(Object.fromEntries(table));
    expect(lists).toHaveLength(table.length);
  });

  it("knows the build's files as the build names them: the public folder's by name, the hashed ones by their form", () => {
    const publicPattern = kindLines.find(({ kind }) => kind === 'public')?.pattern ?? '';
    expect(
      pathsOf(publicPattern.replace('^/(', '^(/'))
        .map((file) => file.replace(/^\//, ''))
        .sort(),
    ).toEqual(readdirSync('public').sort());
    const asset = new RegExp(kindLines.find(({ kind }) => kind === 'asset')?.pattern ?? '$^');
    // The same pattern the build holds the previous release's chunks to.
    expect(asset.source).toBe(HASHED_ASSET_PATH.source);
    const built = readdirSync('dist/public/assets', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${path.relative('dist/public', path.join(entry.parentPath, entry.name))}`);
    expect(built.length).toBeGreaterThan(0);
    for (const file of built) expect(file).toMatch(asset);
  });
});
