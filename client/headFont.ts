import { cachedDisplayFont } from './displayFont';

/** The content-hashed URL of the display font, written in by esbuild.config.mjs. */
declare const DISPLAY_FONT_URL: string;

// Inline and parser-blocking in <head>, before the stylesheet: where an earlier page has put this very file in
// the HTTP cache (client/displayFont.ts), the headings use Fraunces from the first paint, preloaded from there.
if (cachedDisplayFont() === DISPLAY_FONT_URL) {
  document.documentElement.classList.add('fraunces');
  const preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'font';
  preload.type = 'font/woff2';
  preload.crossOrigin = 'anonymous';
  preload.href = DISPLAY_FONT_URL;
  document.head.append(preload);
}
