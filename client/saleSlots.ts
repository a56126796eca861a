import { browserClockSources, pageClock, SALE_CLOCK_ID, type ServerInstant } from '../shared/logic/pageClock';

/** setTimeout's longest delay; a state months away is checked again after this instead of overflowing. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const templatesOf = (slot: Element): HTMLTemplateElement[] => [...slot.children].filter((child): child is HTMLTemplateElement => child.nodeName === 'TEMPLATE');

/**
 * Puts in each slot the latest of its templates whose instant has come, in place of what it showed, and
 * drops the templates that are behind it: a slot only ever moves forward. Returns the next instant at
 * which a template falls due, or null when none is left.
 */
export function advanceSlots(root: ParentNode, nowMs: number): number | null {
  let next: number | null = null;
  for (const slot of root.querySelectorAll('[data-sale-slot]')) {
    const templates = templatesOf(slot);
    const due = templates.filter((template) => Number(template.dataset.saleFrom) <= nowMs);
    const latest = due.at(-1);
    if (latest) {
      for (const node of [...slot.childNodes]) if (node.nodeName !== 'TEMPLATE' || due.includes(node as HTMLTemplateElement)) node.remove();
      slot.prepend(latest.content.cloneNode(true));
    }
    for (const template of templates.slice(due.length)) {
      const at = Number(template.dataset.saleFrom);
      next = next === null ? at : Math.min(next, at);
    }
  }
  return next;
}

/**
 * Moves the page through the states of the sale at their instants, counted on the page's clock from the
 * server's (never the device's). Checked again whenever the page becomes visible or is restored from the
 * back-forward cache, since timers do not run while a device sleeps. Returns what stops it.
 */
export function startSaleSlots(): () => void {
  const data = document.getElementById(SALE_CLOCK_ID)?.textContent;
  if (!data) return () => undefined;
  const clock = pageClock(JSON.parse(data) as ServerInstant, browserClockSources);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    clearTimeout(timer);
    const next = advanceSlots(document, clock());
    if (next !== null) timer = setTimeout(check, Math.min(MAX_DELAY_MS, Math.max(0, next - clock())));
  };
  check();
  document.addEventListener('visibilitychange', check);
  window.addEventListener('pageshow', check);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('pageshow', check);
  };
}
