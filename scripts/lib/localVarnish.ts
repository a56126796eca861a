// How this machine runs deploy/varnish/taller.vcl, for the rehearsal and the tests alike: the backends.vcl it
// includes, and varnishd's arguments.
import { execFile } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { WAIT_BOUND_MS } from './testBudget.ts';

/** An instance of the site on this machine, as Varnish names and reaches it. */
export interface LocalInstance {
  name: string;
  port: number;
}

/**
 * The connections one cache node may hold to one instance, and as many again through its retry twin: four nodes hold
 * less than an instance's MAX_CONNECTIONS, which leaves room for the probes (deploy/varnish/backends.example.vcl gives
 * the same figure).
 */
export const BACKEND_MAX_CONNECTIONS = 100;

/**
 * The proxies the cache trusts on this machine: its loopback, from which the tests and the rehearsal ask as the
 * cluster's ingress would, naming each visitor in X-Forwarded-For. Any other address (127.0.0.2, say) is a client.
 */
export const LOCAL_TRUSTED_PROXIES = ['127.0.0.1'] as const;

/**
 * backends.vcl for deploy/varnish/taller.vcl, for instances on this machine: each probed with taller_health and added
 * to the ring, each with its retry twin (same address, no probe) and the map to it, each bounded to
 * BACKEND_MAX_CONNECTIONS, the cache itself on `cachePort`, whose probe keeps the outage page, and the proxies it
 * trusts (LOCAL_TRUSTED_PROXIES).
 */
export const backendsVcl = (instances: readonly LocalInstance[], cachePort: number): string =>
  [
    '# Written for the instances on this machine, the cache itself, and the loopback as the proxy in front.',
    `acl trusted_proxies { ${LOCAL_TRUSTED_PROXIES.map((address) => `"${address}";`).join(' ')} }`,
    ...instances.flatMap(({ name, port }) => [
      `backend ${name} { .host = "127.0.0.1"; .port = "${port}"; .probe = taller_health; .max_connections = ${BACKEND_MAX_CONNECTIONS}; }`,
      `backend ${name}_retry { .host = "127.0.0.1"; .port = "${port}"; .max_connections = ${BACKEND_MAX_CONNECTIONS}; }`,
    ]),
    `backend cache_itself { .host = "127.0.0.1"; .port = "${cachePort}"; .probe = outage_keeper; }`,
    'sub vcl_init {',
    ...instances.map(({ name }) => `    taller.add_backend(${name});`),
    '}',
    'sub taller_retry_twin {',
    ...instances.map(({ name }) => `    if (bereq.backend == ${name}) { set bereq.backend = ${name}_retry; }`),
    '}',
    '',
  ].join('\n');

/**
 * The settings deploy/varnish/taller.vcl is run with, besides its address and its main storage's size: the command in
 * its header and in docs/caching.md gives them (tests/unit/varnish-command.test.ts holds both to this list).
 * `http_gzip_support=off` lets the origin's brotli through (the VCL explains why); Transient storage, where passed
 * responses live, is bounded; `shortlived=0` keeps one-second pages in the storage `main`, which evicts, not in
 * Transient, which does not; the storages `webhook` and `stripe` hold webhook bodies while they arrive, apart from
 * Transient, Stripe's own addresses' in `stripe`, which no one else's can fill.
 */
export const VARNISHD_SETTINGS = [
  '-p',
  'http_gzip_support=off',
  '-p',
  'shortlived=0',
  '-s',
  'Transient=malloc,64m',
  '-s',
  'webhook=malloc,16m',
  '-s',
  'stripe=malloc,16m',
] as const;

/**
 * Writes backends.vcl into `dir` (made readable to the unprivileged user varnishd compiles as when started as root)
 * and returns the arguments that run `vclFile` as it is in the foreground on `port`, with its work folder in `dir`, its
 * storage `main` (which the VCL names) of `storage` and VARNISHD_SETTINGS.
 */
export async function prepareVarnish({
  dir,
  port,
  vclFile,
  instances,
  storage,
}: {
  dir: string;
  port: number;
  vclFile: string;
  instances: readonly LocalInstance[];
  storage: string;
}): Promise<{ workdir: string; args: string[] }> {
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, 'backends.vcl'), backendsVcl(instances, port));
  const workdir = path.join(dir, 'work');
  const args = ['-F', '-n', workdir, '-a', `127.0.0.1:${port}`, '-T', '127.0.0.1:0', '-f', path.resolve(vclFile)];
  args.push('-p', `vcl_path=${dir}:/etc/varnish:/usr/share/varnish/vcl`, '-s', `main=malloc,${storage}`, ...VARNISHD_SETTINGS);
  return { workdir, args };
}

/** A retry twin's attempts, as the VCL's comment tells an operator to add them up: its requests, failed connections, hold-downs. */
export const TWIN_ATTEMPT_FIELDS = ['req', 'fail_*', 'helddown'] as const;

/**
 * Whether each backend's probes have it healthy, by its name without the VCL's prefix (`varnishadm backend.list`).
 * varnishadm gives up on a manager that has not answered within a few seconds, as a busy machine's may not: it is asked
 * again, within the suite's bound.
 */
export async function backendHealth(workdir: string): Promise<Map<string, boolean>> {
  const until = Date.now() + WAIT_BOUND_MS;
  for (;;) {
    try {
      const { stdout } = await promisify(execFile)('varnishadm', ['-n', workdir, '-t', String(WAIT_BOUND_MS / 1000), 'backend.list']);
      const healthy = new Map<string, boolean>();
      for (const line of stdout.split('\n').slice(1)) {
        const [backend, , , state] = line.trim().split(/\s+/);
        if (backend) healthy.set(backend.replace(/^[^.]*\./, ''), state === 'healthy');
      }
      return healthy;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
