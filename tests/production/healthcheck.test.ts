/**
 * The container's HEALTHCHECK (dist/server/healthcheck.js) against the built server listening on one specific
 * address that is not loopback, as HOST allows. It runs in a network namespace of its own (unshare, as root, as
 * the container check does), with a veth interface holding that address: no traffic leaves this machine.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

const ADDRESS = '10.77.0.1';
const PORT = '3456';

/** Runs `script` with sh in a new network namespace whose only interfaces are lo and a veth pair, one end holding ADDRESS. */
function inOwnNetwork(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const setUp = `ip link set lo up && ip link add probe0 type veth peer name probe1 && ip addr add ${ADDRESS}/24 dev probe0 && ip link set probe0 up && ip link set probe1 up`;
  const child = spawn('unshare', ['--net', 'sh', '-c', `${setUp} || exit 97\n${script}`], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/**
 * Starts the server in the background, waits for its "listening" line (saying so, with its output, if none comes
 * within WAIT_BOUND_MS), then runs the health check and says how it exited.
 */
const SERVE_THEN_PROBE = `
  dir=$(mktemp -d) && cd "$dir" || exit 96
  node ${JSON.stringify(SERVER_ENTRY)} > server.log 2>&1 &
  for i in $(seq ${WAIT_BOUND_MS / 50}); do grep -q '"event":"listening"' server.log && break; sleep 0.05; done
  grep -q '"event":"listening"' server.log || { echo "waited for the server's listening line: not within ${WAIT_BOUND_MS} ms"; cat server.log; }
  node ${JSON.stringify(SERVER_ENTRY.replace(/index\.js$/, 'healthcheck.js'))}; echo "healthcheck exited $?"
  kill $!
  wait
  rm -rf "$dir"
`;

describe('the HEALTHCHECK follows HOST and PORT', () => {
  it.each([
    ['one specific address', ADDRESS],
    ['every address', '0.0.0.0'],
  ])('passes when the server listens on %s (HOST=%s)', async (_what, host) => {
    const { code, output } = await inOwnNetwork(SERVE_THEN_PROBE, {
      HOST: host,
      PORT,
      SHUTDOWN_DELAY_SECONDS: '0',
    });
    expect(output, 'unshare needs root and iproute2 (apt-get install -y iproute2), as npm run container:check does').toContain('healthcheck exited 0');
    expect(code).toBe(0);
  });

  it('fails when nothing listens there', async () => {
    const healthcheck = SERVER_ENTRY.replace(/index\.js$/, 'healthcheck.js');
    const { output } = await inOwnNetwork(`node ${JSON.stringify(healthcheck)}; echo "healthcheck exited $?"`, { HOST: ADDRESS, PORT });
    expect(output).toContain('healthcheck exited 1');
  });
});
