/**
 * The page probe (pageProbe.ts) as one classic script, bundled once per test file by esbuild, ready to run
 * before the site's own scripts: as an init script where the driver has them, from a <script src> otherwise.
 */
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { ProbeOptions } from './pageProbe.ts';

let bundle: Promise<string> | undefined;

function bundled(): Promise<string> {
  bundle ??= esbuild
    .build({
      entryPoints: [fileURLToPath(new URL('./pageProbe.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: '__engineProbeModule',
      platform: 'browser',
      target: 'es2022',
      // fake-timers requires Node's util only where `process` exists: never in a page.
      external: ['util'],
      logLevel: 'silent',
    })
    .then(({ outputFiles: [output] }) => {
      if (!output) throw new Error('esbuild wrote no page probe');
      return output.text;
    });
  return bundle;
}

/** The probe's source, installing itself with `options` as it runs. */
export async function probeSource(options: ProbeOptions): Promise<string> {
  return `${await bundled()}\n__engineProbeModule.install(${JSON.stringify(options)});\n`;
}
