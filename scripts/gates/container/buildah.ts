// What the container checks share: running buildah, reading an image's config, and failing with one clear line.
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';

/** A failed check: its message is what the operator reads, without a stack trace. */
export class CheckFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Runs a command to its end; its stdout, or a CheckFailure carrying its stderr. */
export function sh(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new CheckFailure(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new CheckFailure(`${command} ${args.join(' ')} exited ${result.status}:\n${String(result.stderr ?? '').trim()}`);
  }
  return String(result.stdout ?? '');
}

export const buildah = (args: string[], options?: SpawnSyncOptions): string => sh('buildah', args, options);

/** The parts of an image's Docker-format config the checks read. */
export interface ImageConfig {
  User?: string;
  Env?: string[];
  Entrypoint?: string[] | null;
  Cmd?: string[] | null;
  Healthcheck?: { Test: string[] };
}

/** The Docker-format config of an image or a working container (User, Env, Cmd, Healthcheck…). */
export function configOf(type: 'image' | 'container', name: string): ImageConfig {
  return (JSON.parse(buildah(['inspect', '--type', type, name])) as { Docker: { config: ImageConfig } }).Docker.config;
}

/** What the container runs when nothing is given on the command line: ENTRYPOINT then CMD. */
export const defaultCommand = (config: ImageConfig): string[] => [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];

/** `-e NAME=value` flags for `buildah run`, as `docker run -e` passes them. */
export const envFlags = (env: Record<string, string>): string[] => Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);

export const ok = (message: string): void => console.log(`  ok  ${message}`);
