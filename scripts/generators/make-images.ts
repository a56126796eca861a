// Draws the social card (1200×630) and the PNG icons with Debian's Chromium, into public/, and the placeholder of the
// trainer's photo, which says it is one, into shared/images/ (the build makes the page's formats from it).
// Run by hand after a design change: node scripts/generators/make-images.ts. The PNGs are committed.
import { readFileSync } from 'node:fs';
import { launchChromium } from '../lib/harness.ts';

const font = readFileSync('node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff2').toString('base64');
const icon = readFileSync('public/favicon.svg', 'utf8');
const base = `
  @font-face { font-family: Fraunces; font-weight: 600; src: url(data:font/woff2;base64,${font}) format('woff2'); }
  * { box-sizing: border-box; margin: 0; }
  body { font-family: 'DejaVu Sans', system-ui, sans-serif; }
`;

const card = `<!doctype html><html><head><style>${base}
  body { width: 1200px; height: 630px; overflow: hidden; color: #fff; position: relative;
    background: radial-gradient(60% 80% at 95% 0%, rgb(243 185 79 / 35%), transparent 70%),
                radial-gradient(60% 90% at 0% 100%, rgb(176 47 88 / 55%), transparent 70%), #3a1d44; }
  .inner { position: absolute; inset: 64px 72px; display: flex; flex-direction: column; }
  .badge { align-self: flex-start; padding: 10px 22px; border-radius: 999px; background: #f3b94f; color: #24122b;
    font-weight: 800; font-size: 22px; letter-spacing: 0.06em; text-transform: uppercase; }
  h1 { margin-top: 36px; font-family: Fraunces; font-weight: 600; font-size: 76px; line-height: 1.05; max-width: 980px; }
  p { margin-top: 28px; font-size: 30px; color: #f1e6ee; max-width: 900px; line-height: 1.35; }
  .foot { margin-top: auto; display: flex; gap: 28px; align-items: center; font-size: 26px; font-weight: 700; }
  .foot span { padding: 10px 20px; border: 2px solid rgb(255 255 255 / 35%); border-radius: 14px; }
  .logo { position: absolute; right: 72px; bottom: 64px; width: 96px; height: 96px; }
</style></head><body><div class="inner">
  <div class="badge">Taller en vivo · Cupo ultra-limitado</div>
  <h1>Convierte lo que sabes en una marca de autoridad con IA</h1>
  <p>Estrategia, plan de contenido y videos cortos y carruseles con IA, en 2.5 horas.</p>
  <div class="foot"><span>2.5 horas en vivo</span><span>Google Meet</span><span>Grabación 30 días</span></div>
</div><div class="logo">${icon}</div></body></html>`;

/** A neutral silhouette that says what it is, so nobody mistakes it for the trainer. */
const placeholderPhoto = `<!doctype html><html><head><style>${base}
  body { width: 880px; height: 880px; overflow: hidden; position: relative; background: #f1e4e8; }
  .head { position: absolute; left: 290px; top: 150px; width: 300px; height: 340px; border-radius: 50%; background: #9b8494; }
  .body { position: absolute; left: 120px; top: 530px; width: 640px; height: 560px; border-radius: 50% 50% 0 0; background: #9b8494; }
  .label { position: absolute; left: 0; right: 0; top: 610px; text-align: center; color: #fff; font-weight: 800; font-size: 62px; }
</style></head><body><div class="head"></div><div class="body"></div><div class="label">Foto de ejemplo</div></body></html>`;

const iconPage = (size: number): string =>
  `<!doctype html><html><head><style>${base} body { width: ${size}px; height: ${size}px; } svg { width: ${size}px; height: ${size}px; display: block; }</style></head><body>${icon}</body></html>`;

const images: [file: string, html: string, width: number, height: number][] = [
  ['public/og-image.png', card, 1200, 630],
  ['public/apple-touch-icon.png', iconPage(180), 180, 180],
  ['public/favicon-32.png', iconPage(32), 32, 32],
  ['shared/images/trainer-placeholder.png', placeholderPhoto, 880, 880],
];
const browser = await launchChromium();
try {
  for (const [file, html, width, height] of images) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: file, omitBackground: file.includes('favicon') });
    await page.close();
    console.log(file);
  }
} finally {
  await browser.close();
}
