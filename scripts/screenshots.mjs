// Takes full-page screenshots of every page at 390 px and 1280 px, JavaScript on and off,
// with Debian's Chromium. Usage: node scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '.artifacts/screenshots';
const pages = { landing: '/', prompt: '/prompt1', 'not-found': '/no-existe' };
const widths = [390, 1280];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const javaScriptEnabled of [true, false]) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled, deviceScaleFactor: 1 });
      for (const [name, route] of Object.entries(pages)) {
        const page = await context.newPage();
        await page.goto(base + route, { waitUntil: 'networkidle' });
        const file = `${out}/${name}-${width}-${javaScriptEnabled ? 'js' : 'nojs'}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
