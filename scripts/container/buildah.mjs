// What the container checks share: running buildah, reading an image's config, and failing with one clear line.
import { spawnSync } from 'node:child_process';

/** A failed check: its message is what the operator reads, without a stack trace. */
export class CheckFailure extends Error {}

export function check(condition, message) {
  if (!condition) throw new CheckFailure(message);
}

/** Runs a command to its end; its stdout, or a CheckFailure carrying its stderr. */
export function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new CheckFailure(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new CheckFailure(`${command} ${args.join(' ')} exited ${result.status}:\n${(result.stderr ?? '').trim()}`);
  }
  return result.stdout ?? '';
}

export const buildah = (args, options) => sh('buildah', args, options);

/** The Docker-format config of an image or a working container (User, Env, Cmd, Healthcheck…). */
export function configOf(type, name) {
  return JSON.parse(buildah(['inspect', '--type', type, name])).Docker.config;
}

/** What the container runs when nothing is given on the command line: ENTRYPOINT then CMD. */
export const defaultCommand = (config) => [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];

/** The three settings production refuses to start without, with values that pass (the README's configuration table). */
export const PRODUCTION_SETTINGS = {
  CHECKOUT_URL: 'https://pay.example.org/taller',
  CONTACT_EMAIL: 'hola@taller.example.org',
  PUBLIC_URL: 'https://taller.example.org',
};

/** `-e NAME=value` flags for `buildah run`, as `docker run -e` passes them. */
export const envFlags = (env) => Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);

export const ok = (message) => console.log(`  ok  ${message}`);
