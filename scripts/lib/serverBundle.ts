/**
 * The server's own modules for a measurement that runs them in its process (the wave's instances on a clock of its
 * own, a personal link's token): Node cannot run their TypeScript and JSX as they are, so esbuild bundles what is
 * asked into dist/ (inside the project, so that the packages left out resolve from its node_modules), and the caller
 * imports it, then removes it. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** `exports`: lines such as `export { readConfig } from './server/config/settings.ts';`, from the project's root. */
export async function bundleServer<T>(name: string, exports: readonly string[]): Promise<{ module: T; unload: () => Promise<void> }> {
  const bundle = await esbuild.build({
    stdin: { contents: exports.join('\n'), resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  const file = path.resolve('dist', `${name}.mjs`);
  await writeFile(file, bundle.outputFiles[0]?.contents ?? '');
  return { module: (await import(file)) as T, unload: () => rm(file, { force: true }) };
}
