// Takes full-page screenshots of every page at 390 px and 1280 px, JavaScript on and off, with Debian's Chromium.
// Usage: node scripts/generators/screenshots.ts [baseUrl] [outDir]
import { mkdir } from 'node:fs/promises';
import { routeList } from '../../shared/routes.ts';
import { launchChromium } from '../lib/harness.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '.artifacts/screenshots';
const VIEWPORT_HEIGHT = 900;
/** Every page of the route table, named by its path, and the 404. */
const pages = {
  ...Object.fromEntries(routeList.filter((route) => route.kind === 'page').map((route) => [route.path === '/' ? 'landing' : route.path.slice(1), route.path])),
  'not-found': '/no-existe',
};
const widths = [390, 1280];

await mkdir(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const javaScriptEnabled of [true, false]) {
    for (const width of widths) {
      for (const [name, route] of Object.entries(pages)) {
        const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT }, javaScriptEnabled, deviceScaleFactor: 1 });
        const page = await context.newPage();
        const shoot = async () => {
          const file = `${out}/${name}-${width}-${javaScriptEnabled ? 'js' : 'nojs'}.png`;
          // Blocks below the hero are drawn only near the viewport (content-visibility), as a visitor scrolls to
          // them; a full-page capture does not scroll, so the viewport grows to the page until its height holds.
          // The page's own height, not scrollHeight: a skipped block's estimate would otherwise stay as blank space.
          for (let height = 0, tries = 0; tries < 5; tries += 1) {
            const now = Math.max(VIEWPORT_HEIGHT, Math.ceil(await page.evaluate(() => document.documentElement.getBoundingClientRect().height)));
            if (now === height) break;
            height = now;
            await page.setViewportSize({ width, height });
            await page.waitForTimeout(200);
          }
          await page.screenshot({ path: file, fullPage: true });
          await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
          console.log(file);
        };
        await page.goto(base + route, { waitUntil: 'networkidle' });
        await shoot();
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
