// The rehearsal's deploy: two instances of this build behind two Varnish nodes running the shipped VCL, holding pages
// of this build (the prompt page, kept an hour; the landing page, a one-second snapshot of the open sale), are
// replaced one at a time by a second build whose chunks are named apart, while visitors open pages and fetch every
// chunk each page names, as its islands wake. Acceptance: no
// page served during or after the deploy names a chunk that answers anything but 200: through the caches (whose
// first request for a chunk in each encoding reaches some instance, of either release), and once the deploy is done
// at each instance directly, as a cache that has restarted would ask. Its processes are the caller's to stop.
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, PRODUCTION_SETTINGS } from '../../lib/harness.ts';
import { readBuildManifest } from '../../../server/render/readManifest.ts';
import { buildSite } from '../../lib/siteBuild.ts';
import { decode } from './offerReader.ts';
import { createInstance, startVarnish, type VarnishNode } from './fleet.ts';
import { type DeployRecord, deployFigures, type PhaseContext, type PhaseResult } from './report.ts';
import { ENCODINGS, paced, send } from './traffic.ts';

/** Where the next release is built: a dist of its own, carrying this one's chunks as a release build does. */
const NEXT_DIST = '.artifacts/rehearsal/next-release/dist';
const PAGES = ['/', '/prompt1'];
/** Visits per second over all nodes, each a page and every chunk it names: a fixed rate. */
const VISITS_PER_SECOND = 20;
const CONNECTIONS = 4;
/** A lame duck long enough for the probes (about 2 s) to take the instance out first. */
const SHUTDOWN_DELAY_SECONDS = '3';
const BEFORE_DEPLOY_MS = 2_000;
const AFTER_DEPLOY_MS = 4_000;
const DAY_MS = 86_400_000;

/** The hydrated islands' chunk a page's inline entry imports. */
const HYDRATE = /import\("(\/assets\/[^"]+\.js)"\)/;
/** A chunk's own imports, static or dynamic, relative to it. */
const IMPORTS = /["'](\.\/[A-Za-z0-9_-]+\.js)["']/g;

/** Every chunk the page `html` names, fetched as its visitor's browser would (through the cache at `port`), with each status. */
async function chunksOf(port: number, html: string, acceptEncoding: string | undefined, agent: http.Agent) {
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const first = HYDRATE.exec(html)?.[1];
  const statuses = new Map<string, number | string>();
  const queue = first ? [first] : [];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (statuses.has(url)) continue;
    const result = await send(port, url, headers, agent);
    statuses.set(url, result.status ?? result.error);
    if (result.status !== 200) continue;
    for (const [, relative] of decode(result.body, result.headers['content-encoding']).toString('utf8').matchAll(IMPORTS)) {
      if (relative) queue.push(new URL(relative, `http://chunks${url}`).pathname);
    }
  }
  return { hydrate: first ?? null, statuses };
}

/** Runs the deploy; resolves with its report (text), the acceptance's problems, and its record count. */
export async function rehearseDeploy({ workDir, vcl, log }: PhaseContext): Promise<PhaseResult> {
  log(`deploy: building the next release into ${NEXT_DIST}, carrying this one's chunks`);
  log(`deploy: ${await buildSite(NEXT_DIST, { previous: 'dist', mark: 'the rehearsal: the next release' })}`);
  const releases = {
    previous: readBuildManifest('dist'),
    next: readBuildManifest(NEXT_DIST),
  };
  const releaseOf = (hydrate: string | null): string =>
    hydrate && releases.next.chunks.includes(hydrate) ? 'next' : hydrate && releases.previous.chunks.includes(hydrate) ? 'previous' : 'unknown';

  // The sale open at its normal price: the landing page is a one-second snapshot, fetched again every second from
  // whichever release answers, while the prompt page stays in the caches for an hour, as a closed page does.
  const env = {
    NODE_ENV: 'production',
    ...PRODUCTION_SETTINGS,
    EARLY_BIRD_DEADLINE: new Date(Date.now() - DAY_MS).toISOString(),
    WORKSHOP_START: new Date(Date.now() + DAY_MS).toISOString(),
    SHUTDOWN_DELAY_SECONDS,
  };
  const instances = [createInstance('deploy_1', await freePort(), env), createInstance('deploy_2', await freePort(), env)];
  await Promise.all(instances.map((instance) => instance.start()));
  const names = instances.map((instance) => instance.name);
  const nodes: VarnishNode[] = await Promise.all(
    ['a', 'b'].map((name) => startVarnish(`deploy-${name}`, path.join(workDir, `deploy-${name}`), vcl, instances)),
  );
  await Promise.all(nodes.map((node) => node.waitHealthy(names, 15_000)));
  // The VCL's log of each chunk an instance lacked and another was asked for.
  let askedElsewhere = 0;
  const watchers = nodes.map((node) =>
    node.watchLog(['-u', '-g', 'raw', '-i', 'VCL_Log'], (line) => {
      if (/VCL_Log\s+\S+\s+retry \S+ \/assets\/\S+: 404 from /.test(line)) askedElsewhere += 1;
    }),
  );

  // The caches hold every page of this release, in every encoding; no chunk yet (islands wake later, as visitors scroll).
  for (const node of nodes)
    for (const page of PAGES) for (const encoding of ENCODINGS) await send(node.port, page, encoding ? { 'accept-encoding': encoding } : {}, false);
  log(`deploy: 2 instances of this release behind 2 Varnish nodes holding its pages; ${VISITS_PER_SECOND} visits/s, each a page and its chunks`);

  const agents = nodes.map(() => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
  const records: DeployRecord[] = [];
  let phase: DeployRecord['phase'] = 'before';
  let done = false;
  const visits = paced({
    connections: CONNECTIONS,
    ratePerSecond: VISITS_PER_SECOND,
    isDone: () => done,
    async request(counter) {
      const index = counter % nodes.length;
      const node = nodes[index] as VarnishNode;
      const agent = agents[index] as http.Agent;
      const page = PAGES[Math.floor(counter / nodes.length) % PAGES.length] as string;
      const encoding = ENCODINGS[counter % ENCODINGS.length];
      const sentIn = phase;
      const result = await send(node.port, page, encoding ? { 'accept-encoding': encoding } : {}, agent);
      const html = result.status === 200 ? decode(result.body, result.headers['content-encoding']).toString('utf8') : '';
      const { hydrate, statuses } = await chunksOf(node.port, html, encoding, agent);
      records.push({
        phase: sentIn,
        node: node.name,
        page,
        status: result.status ?? result.error,
        age: Number(result.headers?.age ?? NaN),
        release: releaseOf(hydrate),
        chunks: [...statuses].map(([url, status]) => ({ url, status })),
      });
    },
  });

  await sleep(BEFORE_DEPLOY_MS);
  phase = 'during';
  for (const instance of instances) {
    log(`deploy: SIGTERM to ${instance.name}, then the next release on its port`);
    await instance.stop('SIGTERM');
    await instance.start(NEXT_DIST);
    await Promise.all(nodes.map((node) => node.waitHealthy([instance.name], 20_000)));
  }
  phase = 'after';
  log('deploy: every instance runs the next release');
  await sleep(AFTER_DEPLOY_MS);
  done = true;
  await visits;
  for (const agent of agents) agent.destroy();
  for (const watcher of watchers) watcher.stop();

  // What a cache that restarted, or another one, would ask: each instance, for every chunk a served page named.
  const named = new Set(records.flatMap((record) => record.chunks.map((chunk) => chunk.url)));
  const direct: { instance: string; url: string; status: number | string }[] = [];
  for (const instance of instances) {
    for (const url of named) {
      const result = await send(instance.port, url, { 'accept-encoding': 'br' }, false);
      direct.push({ instance: instance.name, url, status: result.status ?? result.error });
    }
  }

  const figures = deployFigures(records);
  const problems = [
    ...figures.problems,
    ...direct.filter((check) => check.status !== 200).map((check) => `${check.instance} answers ${check.url} with ${check.status} after the deploy`),
    ...(figures.previousAfter === 0
      ? ['no page of the previous release was served after the deploy: the caches held none, and the deploy tested nothing']
      : []),
    ...(figures.nextPages === 0 ? ['no page of the next release was served'] : []),
  ];
  const text = [
    `Deploy: 2 instances replaced one at a time by a build with ${releases.next.chunks.filter((url) => !releases.previous.chunks.includes(url)).length} chunks named apart (carrying ${releases.next.carried.length} of this one's), behind 2 Varnish nodes`,
    `  ${figures.table}`.replaceAll('\n', '\n  '),
    `  ${askedElsewhere} chunk requests met an instance without the file and were asked of another; after the deploy, ` +
      `the instances answered ${direct.filter((check) => check.status === 200).length} of ${direct.length} requests for the chunks those pages named with 200`,
  ].join('\n');
  return { text, problems, records: records.length };
}
