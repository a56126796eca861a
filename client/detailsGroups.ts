/**
 * One item open at a time in each group of <details> sharing a name (the FAQ), in browsers that ignore the shared
 * `name` (before Safari 17.2, Firefox 130, Chromium 120); the others do it natively and this finds nothing to
 * close. One listener for the whole page, no island: a tap on a question runs no other script. Returns what stops it.
 */
export function keepDetailsGroupsExclusive(root: Document): () => void {
  const listening = new AbortController();
  // Toggle events do not bubble: heard while capturing.
  root.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
      const name = opened.getAttribute('name');
      if (!name) return;
      for (const other of root.querySelectorAll<HTMLDetailsElement>('details[name]')) {
        if (other !== opened && other.open && other.getAttribute('name') === name) other.open = false;
      }
    },
    { capture: true, signal: listening.signal },
  );
  return () => listening.abort();
}
