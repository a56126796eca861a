/** An instance of the site on this machine, as Varnish names and reaches it. */
export interface LocalInstance {
  name: string;
  port: number;
}

/**
 * backends.vcl for deploy/varnish/taller.vcl, for instances on this machine: each probed with its taller_health and
 * added to the round robin, and the cache itself on `cachePort`, whose probe keeps the outage page.
 */
export const backendsVcl = (instances: readonly LocalInstance[], cachePort: number): string =>
  [
    '# Written for the instances on this machine, and the cache itself.',
    ...instances.map(({ name, port }) => `backend ${name} { .host = "127.0.0.1"; .port = "${port}"; .probe = taller_health; }`),
    `backend cache_itself { .host = "127.0.0.1"; .port = "${cachePort}"; .probe = outage_keeper; }`,
    'sub vcl_init {',
    ...instances.map(({ name }) => `    taller.add_backend(${name});`),
    '}',
    '',
  ].join('\n');
