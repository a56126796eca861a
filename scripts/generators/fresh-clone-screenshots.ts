// What `npm start` shows on a fresh clone, with no setting at all: the built server on its defaults (a sale under way,
// docs/decisions/0021-a-fresh-clone-sells.md), its landing page's first screen and its pricing section at 390 px and
// 1280 px, JavaScript on and off, with Debian's Chromium. docs/images/fresh-clone-390.png and -1280.png are the
// pricing section's, JavaScript on.
// Usage: node scripts/generators/fresh-clone-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import { launchChromium, startBuiltServer } from '../lib/harness.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/fresh-clone';
/** A phone's screen and a laptop's. */
const screens = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** Tall enough for the whole pricing section, on a phone too. */
const PRICING_SCREEN_HEIGHT = 2000;

await mkdir(out, { recursive: true });
const site = await startBuiltServer();
const browser = await launchChromium();
try {
  for (const javaScriptEnabled of [true, false]) {
    for (const viewport of screens) {
      const context = await browser.newContext({ viewport, javaScriptEnabled, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const name = `${viewport.width}-${javaScriptEnabled ? 'js' : 'nojs'}`;
      await page.goto(site.url, { waitUntil: 'networkidle' });
      const firstScreen = `${out}/fresh-clone-first-screen-${name}.png`;
      await page.screenshot({ path: firstScreen });
      // The pricing section as a visitor reaches it from the top bar's link: the fixed bar above it, the screen tall
      // enough to hold it whole (an element's own screenshot would scroll it under the fixed bar).
      await page.setViewportSize({ width: viewport.width, height: PRICING_SCREEN_HEIGHT });
      await page.goto(`${site.url}/#precios`, { waitUntil: 'networkidle' });
      // The blocks skipped by the first paint are laid out as they near the viewport: give them a moment.
      await page.waitForTimeout(500);
      const box = await page.locator('#precios').boundingBox();
      const pricing = `${out}/fresh-clone-${name}.png`;
      const height = Math.min(PRICING_SCREEN_HEIGHT, Math.ceil((box?.y ?? 0) + (box?.height ?? PRICING_SCREEN_HEIGHT)));
      await page.screenshot({ path: pricing, clip: { x: 0, y: 0, width: viewport.width, height } });
      console.log(firstScreen);
      console.log(pricing);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
