/**
 * server/ in rooms, each a layer: the entries at the top (index.ts, healthcheck.ts) and createApp (app.ts) assemble
 * them; a room imports only from its own files and rooms below it, never from above and never from the top. The
 * fulfilment is a room of rooms: its own top (fulfilmentRoutes.ts) assembles the rooms inside it. A new room takes
 * its place in LAYERS, or this test names it. No file of server/ reaches itself through its imports, type imports
 * included, and no room holds more than a newcomer reads at a glance. Stripe is reached one way: only server/stripe/
 * uses the SDK itself (elsewhere, its types only) and holds the client, which every caller reaches through its view of
 * the boundary (server/stripe/stripeBoundary.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lowest first: settings, then what every room uses (logs, metrics, timers), then HTTP, the checkout's count, the
 * sale's live settings kept at Stripe, the checkout's links' changes at their instants, after the checkout (the records
 * at Stripe, the outcomes, the mails, the links, what each purchase is owed, the buyer's pages, the webhook, the sweep,
 * then the room's own assembly), the pages, the owner's changes to the sale (their checks, previews and progress), the
 * seller's page (/panel), and the checks `npm run preflight` makes of them all.
 */
const LAYERS = [
  'config',
  'ops',
  'http',
  'stripe',
  'spots',
  'sale',
  'checkout',
  'fulfilment/records',
  'fulfilment/reports',
  'fulfilment/mail',
  'fulfilment/links',
  'fulfilment/settle',
  'fulfilment/pages',
  'fulfilment/webhook',
  'fulfilment/sweep',
  'fulfilment',
  'render',
  'changes',
  'panel',
  'preflight',
];
const MAX_FILES_PER_ROOM = 12;

const SERVER = path.resolve('server');
const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => file.split(path.sep).join('/'));

/** The room a file of server/ is in: its folder, or null for the top. */
const roomOf = (file: string): string | null => (file.includes('/') ? path.posix.dirname(file) : null);

/** Every relative import or re-export of a file that lands in server/, as a path relative to server/ without extension. */
function serverImports(file: string): string[] {
  const text = readFileSync(path.join(SERVER, file), 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((match) => match[1] ?? match[2] ?? '');
  return specifiers
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.tsx?$/, ''))
    .filter((target) => !target.startsWith('..'));
}

const moduleOf = (file: string): string => file.replace(/\.tsx?$/, '');

/** An import or re-export of the Stripe SDK not marked `type`, or one at run time: the SDK's value, not its types. */
const STRIPE_VALUE = /^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'stripe'|\b(?:import|require)\(\s*'stripe'\s*\)/m;
const usesStripeValue = (text: string): boolean => STRIPE_VALUE.test(text);
const STRIPE_ROOM = 'stripe';

describe('server/ in layers', () => {
  it('has every room in LAYERS', () => {
    const rooms = [...new Set(files.map(roomOf).filter((room) => room !== null))];
    expect(rooms.filter((room) => !LAYERS.includes(room))).toEqual([]);
  });

  it.each(LAYERS)(`%s holds at most ${MAX_FILES_PER_ROOM} source files`, (room) => {
    expect(files.filter((file) => roomOf(file) === room).length).toBeLessThanOrEqual(MAX_FILES_PER_ROOM);
  });

  it.each(files.filter((file) => roomOf(file) !== null))('%s imports nothing above its room', (file) => {
    const own = LAYERS.indexOf(roomOf(file) ?? '');
    const upward = serverImports(file).filter((target) => {
      const room = roomOf(target);
      return room === null || LAYERS.indexOf(room) > own;
    });
    expect(upward).toEqual([]);
  });

  it('has no import circle, type imports included', () => {
    const graph = new Map(files.map((file) => [moduleOf(file), serverImports(file)]));
    // Tarjan's strongly connected components: any of more than one module, or a module importing itself, is a circle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (node: string): void => {
      index.set(node, index.size);
      low.set(node, index.get(node) ?? 0);
      stack.push(node);
      onStack.add(node);
      for (const next of graph.get(node) ?? []) {
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          visit(next);
          low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
      if (low.get(node) !== index.get(node)) return;
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
    };
    for (const node of graph.keys()) if (!index.has(node)) visit(node);
    expect(circles).toEqual([]);
  });
});

describe('the one way to Stripe', () => {
  const outside = files.filter((file) => roomOf(file) !== STRIPE_ROOM);

  it('server/stripe/ alone uses the Stripe SDK itself; every other file, its types only', () => {
    expect(outside.filter((file) => usesStripeValue(readFileSync(path.join(SERVER, file), 'utf8')))).toEqual([]);
    expect(files.filter((file) => roomOf(file) === STRIPE_ROOM && usesStripeValue(readFileSync(path.join(SERVER, file), 'utf8')))).not.toEqual([]);
  });

  it('server/stripe/ alone holds the client: every caller reaches it through its view of the boundary', () => {
    expect(outside.filter((file) => serverImports(file).includes(`${STRIPE_ROOM}/client`))).toEqual([]);
  });

  it('tells the SDK’s value from its types, however it is imported', () => {
    const values = ["import Stripe from 'stripe';", "import { webhooks } from 'stripe';", "import Stripe, {\n  type Event,\n} from 'stripe';"];
    const more = ["export { default } from 'stripe';", "const sdk = await import('stripe');", "const sdk = require('stripe');"];
    expect([...values, ...more].filter((text) => !usesStripeValue(text))).toEqual([]);
    const types = ["import type Stripe from 'stripe';", "import type { Event } from 'stripe';", "export type { Event } from 'stripe';"];
    expect(types.filter(usesStripeValue)).toEqual([]);
    expect(usesStripeValue("import type Stripe from 'stripe';\nimport { x } from './stripe';")).toBe(false);
  });
});
