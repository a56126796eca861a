export {};

/**
 * The container's HEALTHCHECK: the runtime image has node but no curl or wget.
 * Exits 0 when /healthz answers 200 within the timeout, 1 otherwise.
 */
const port = process.env.PORT || '3000';
const url = `http://127.0.0.1:${port}/healthz`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(2500) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
