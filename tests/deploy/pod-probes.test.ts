/**
 * The pod's probes (deploy/kubernetes/deployment.yaml) as the kubelet runs them, inside the pod: each command, given to
 * bash as written (but for the port), against the built server. Both pass on a server that answers; during the lame
 * duck after SIGTERM readiness fails while liveness passes; with nothing listening both fail.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort, type RunningServer, startServer, waitUntil } from '../../scripts/lib/harness';

const deployment = parse(readFileSync('deploy/kubernetes/deployment.yaml', 'utf8')) as IDeployment;
const container = deployment.spec!.template.spec!.containers[0]!;

/** Runs a probe's command against `port` instead of the image's 3000, as the kubelet would: its exit status. */
function probe(kind: 'readinessProbe' | 'livenessProbe', port: number): number | null {
  const [shell, flag, script = ''] = container[kind]?.exec?.command ?? [];
  const run = spawnSync(shell ?? 'bash', [flag ?? '-c', script.replace('/dev/tcp/127.0.0.1/3000', `/dev/tcp/127.0.0.1/${port}`)], {
    timeout: (container[kind]?.timeoutSeconds ?? 2) * 1000 * 3,
    stdio: 'ignore',
  });
  return run.status;
}

let server: RunningServer;
beforeAll(async () => {
  // A lame duck long enough to probe in; SIGINT skips it at the end.
  server = await startServer({ env: { SHUTDOWN_DELAY_SECONDS: '60' } });
});
afterAll(async () => {
  await server?.stop('SIGINT');
});

describe("the pod's probes, run as the kubelet runs them", () => {
  it('both pass while the server answers', () => {
    expect([probe('readinessProbe', server.port), probe('livenessProbe', server.port)]).toEqual([0, 0]);
  });

  it('fail with nothing listening', async () => {
    const nowhere = await freePort();
    expect([probe('readinessProbe', nowhere), probe('livenessProbe', nowhere)]).not.toContain(0);
  });

  it('after SIGTERM, readiness fails (the lame duck) while liveness passes: the pod leaves the Service, never restarted', async () => {
    server.child.kill('SIGTERM');
    await waitUntil('readiness failing in the lame duck', () => probe('readinessProbe', server.port) !== 0, 10_000);
    expect(probe('livenessProbe', server.port)).toBe(0);
  });
});
