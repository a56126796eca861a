/**
 * The display face (Fraunces) never delays a first visit: its headings start in the visitor's own serif, scaled
 * to Fraunces' width (shared/styles/fonts.css), and no font is requested before the first paint. Once a page has
 * loaded, painted and gone idle, the font file is fetched at low priority into the HTTP cache and this key keeps
 * its URL; the next page's head script (client/headFont.ts) then sets html.fraunces and preloads the file from the
 * cache, in time for its first paint. font-display: optional never swaps a face in later, so nothing shifts.
 */
export const DISPLAY_FONT_KEY = 'display-font';

/** The font URL an earlier page cached, or null (none yet, or storage refused: private modes, policies). */
export function cachedDisplayFont(): string | null {
  try {
    return localStorage.getItem(DISPLAY_FONT_KEY);
  } catch {
    return null;
  }
}

/** Fetches the font into the HTTP cache unless an earlier page did; never rejects. */
export async function warmDisplayFont(url: string): Promise<void> {
  if (cachedDisplayFont() === url) return;
  try {
    // The request a @font-face makes (CORS, same-origin credentials), so the cache answers the next page's.
    const response = await fetch(url, { mode: 'cors', credentials: 'same-origin', priority: 'low' });
    if (!response.ok) return;
    await response.arrayBuffer();
    localStorage.setItem(DISPLAY_FONT_KEY, url);
  } catch {
    // Offline, or no storage: the next page keeps the visitor's serif.
  }
}
