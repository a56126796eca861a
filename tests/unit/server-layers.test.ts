/**
 * server/ in rooms, each a layer: the entries at the top (index.ts, healthcheck.ts) and createApp (app.ts) assemble
 * them; a room imports only from rooms below it, never from above and never from the top. A new room takes its
 * place in LAYERS, or this test names it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Lowest first: settings, then what every room uses (logs, metrics, timers), then HTTP, the checkout, the pages. */
const LAYERS = ['config', 'ops', 'http', 'stripe', 'spots', 'fulfilment', 'render'];

const SERVER = path.resolve('server');
const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));

/** The room a file of server/ is in: its first folder, or null for the top. */
const roomOf = (file: string): string | null => (file.includes(path.sep) ? (file.split(path.sep)[0] ?? null) : null);

/** Every relative import of a file that lands in server/, as a path relative to server/. */
function serverImports(file: string): string[] {
  const text = readFileSync(path.join(SERVER, file), 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((match) => match[1] ?? match[2] ?? '');
  return specifiers
    .map((specifier) => path.relative(SERVER, path.resolve(path.dirname(path.join(SERVER, file)), specifier)))
    .filter((target) => !target.startsWith('..'));
}

describe('server/ in layers', () => {
  it('has every room in LAYERS', () => {
    const rooms = [...new Set(files.map(roomOf).filter((room) => room !== null))];
    expect(rooms.filter((room) => !LAYERS.includes(room))).toEqual([]);
  });

  it.each(files.filter((file) => roomOf(file) !== null))('%s imports nothing above its room', (file) => {
    const own = LAYERS.indexOf(roomOf(file)!);
    const upward = serverImports(file).filter((target) => {
      const room = roomOf(target);
      return room === null || LAYERS.indexOf(room) > own;
    });
    expect(upward).toEqual([]);
  });
});
