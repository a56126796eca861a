/** An instance of the site on this machine, as Varnish names and reaches it. */
export interface LocalInstance {
  name: string;
  port: number;
}

/**
 * backends.vcl for deploy/varnish/taller.vcl, for instances on this machine: each probed with taller_health and added
 * to the ring, each with its retry twin (same address, no probe) and the map to it, and the cache itself on
 * `cachePort`, whose probe keeps the outage page.
 */
export const backendsVcl = (instances: readonly LocalInstance[], cachePort: number): string =>
  [
    '# Written for the instances on this machine, and the cache itself.',
    ...instances.flatMap(({ name, port }) => [
      `backend ${name} { .host = "127.0.0.1"; .port = "${port}"; .probe = taller_health; }`,
      `backend ${name}_retry { .host = "127.0.0.1"; .port = "${port}"; }`,
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
