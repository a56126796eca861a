import { healthcheckUrl } from './ops/healthcheckUrl';

/**
 * The container's HEALTHCHECK: the runtime image has node but no curl or wget.
 * Exits 0 when /healthz answers 200 within the timeout, 1 otherwise.
 */
try {
  const response = await fetch(healthcheckUrl(process.env), { signal: AbortSignal.timeout(2500) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
