import { execFileSync } from 'node:child_process';

export default function build(): void {
  execFileSync(process.execPath, ['esbuild.config.mjs'], { stdio: 'inherit' });
}
