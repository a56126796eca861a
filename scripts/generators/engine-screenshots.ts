// Full-page screenshots of the landing page at a phone's width in each engine the cross-engine tests run in
// (Chromium, Firefox, WebKit), JavaScript on, once the visitor has scrolled it and every block is laid out.
// Usage: npm run dev -- --state early-bird, then node scripts/generators/engine-screenshots.ts [baseUrl] [outDir]
import { mkdir, writeFile } from 'node:fs/promises';
import { waitInPage } from '../lib/engines/engine.ts';
import { ENGINES } from '../lib/engines/launch.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '.artifacts/screenshots/engines';

await mkdir(out, { recursive: true });
for (const [name, start] of Object.entries(ENGINES)) {
  const engine = await start();
  try {
    const page = await engine.open(base, { javaScript: true });
    await page.goto('/');
    // The first scroll is the visitor's first gesture: the page lays out its later blocks, then marks the html.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await waitInPage(page, 'the whole page laid out', () => document.documentElement.classList.contains('laid-out'), [], 15_000);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.evaluate(() => document.fonts.ready.then(() => true));
    const file = `${out}/landing-${engine.width}-${name}.png`;
    await writeFile(file, await page.screenshot());
    console.log(file);
    await page.close();
  } finally {
    await engine.close();
  }
}
