import { DEFAULTS, type Environment } from '../config/settings';

/** Addresses that mean "every interface": the check asks the loopback of the same family. */
const ANY_ADDRESS: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1', '[::]': '::1' };

/** Where the container's HEALTHCHECK asks: the address and port the server listens on, as HOST and PORT set them. */
export function healthcheckUrl(env: Environment): string {
  const host = env.HOST?.trim() || DEFAULTS.HOST;
  const port = env.PORT?.trim() || DEFAULTS.PORT;
  const target = ANY_ADDRESS[host] ?? host;
  const bracketed = target.includes(':') && !target.startsWith('[') ? `[${target}]` : target;
  return `http://${bracketed}:${port}/healthz`;
}
