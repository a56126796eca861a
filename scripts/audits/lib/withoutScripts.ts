// The floor a tap is measured against: the very page, served through a loopback proxy that takes every <script>
// element out of its HTML (the inline entry, the islands' props, the structured data). What is left is the page a
// visitor without JavaScript gets: the same markup, stylesheet and layout, native anchors and <details>.
import { type LoopbackProxy, startLoopbackProxy } from '../../lib/loopbackProxy.ts';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/** Forwards every request to `origin`; an HTML answer comes back without its scripts, everything else as it is. */
export const startScriptlessProxy = (origin: string): Promise<LoopbackProxy> => startLoopbackProxy(origin, { rewriteHtml: (html) => html.replace(SCRIPT, '') });
