/**
 * The Node version is written once, in .node-version: use-node.sh puts it on PATH for every test, the container check
 * passes it to the image's build, and everything else that names a Node is held to it here.
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

  it("names every stage's base image in the Dockerfile, through the NODE_VERSION build argument", () => {
    const written = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1] ?? '');
    const namedOtherwise = written.filter((image) => !/^\$\{\w+\}$/.test(image) && !image.match(NODE_VERSION_ARG));
    expect(namedOtherwise, 'stages whose image is not named by NODE_VERSION').toEqual([]);
    expect(dockerfile.replace(NODE_VERSION_ARG, '')).not.toMatch(/node:\d/);
    expect(new Set(written.map(resolve))).toEqual(new Set([`docker.io/library/node:${nodeVersion}-trixie-slim`]));
  });

  it("is the Dockerfile's default for a build given no argument", () => {
    expect(argDefaults.get('NODE_VERSION')).toBe(nodeVersion);
  });

  it('is the major that package.json, and the audits package, ask for', () => {
    for (const file of ['package.json', 'scripts/audits/package.json']) expect(engines(file), file).toBe(`^${major}.0.0`);
  });
});
