/**
 * How a shared cache in front treats a route (deploy/varnish/taller.vcl keeps one list of paths per kind, and
 * tests/deploy/vcl-routes.test.ts holds those lists to this table and each kind to its handling):
 * - `page`: HTML whose Cache-Control the origin sets per request; cached by its path alone, and the query string
 *   never reaches an instance (the landing page's attribution reads utm_* in the browser).
 * - `file`: a small file that changes only with the configuration; cached like a page.
 * - `probe`: for balancers and health checks; passed to an instance every time, never stored, without its query.
 * - `outage`: the page the cache keeps for when no instance answers (docs/decisions/0001-outage-page.md).
 * - `private`: an answer for one buyer, whose query or path carries a credential: passed with its query, never stored,
 *   never sent twice, and crawlers are told to stay away; its origin says `Cache-Control: private, no-store`. A
 *   `:name` segment stands for any one segment (the edge matches it so), and reaches the origin as it came.
 * - `webhook`: the one POST, from Stripe: passed with its body, never stored, never sent twice; any other method is
 *   answered 405 at the edge.
 * - `action`: a private page that also takes a POST from itself (a form of a few bytes): both passed as a private page
 *   is, the POST with its body taken whole first; any other method is answered 405 at the edge.
 * Every other method, and a POST anywhere else, is answered 405 at the edge.
 */
export type RouteKind = 'page' | 'file' | 'probe' | 'outage' | 'private' | 'webhook' | 'action';

export interface Route {
  path: string;
  kind: RouteKind;
  /** Listed in the sitemap, for search engines. */
  indexed: boolean;
}

/**
 * Every path the site answers itself (the build's public folder aside): the one list the app, the sitemap and
 * robots.txt read. It imports nothing, so the scripts Node runs as they are can read it too.
 */
export const ROUTES = {
  landing: { path: '/', kind: 'page', indexed: true },
  prompt: { path: '/prompt1', kind: 'page', indexed: true },
  terms: { path: '/terminos', kind: 'page', indexed: true },
  refunds: { path: '/reembolsos', kind: 'page', indexed: true },
  privacy: { path: '/privacidad', kind: 'page', indexed: true },
  calendarFile: { path: '/taller-marca-autoridad.ics', kind: 'file', indexed: false },
  robots: { path: '/robots.txt', kind: 'file', indexed: false },
  sitemap: { path: '/sitemap.xml', kind: 'file', indexed: false },
  /** Readiness: 200 when this instance should get visitors; 503 while it starts (first spots read) or drains. */
  health: { path: '/healthz', kind: 'probe', indexed: false },
  /** Liveness: 200 whenever the process answers at all, starting and draining included; silence means restart it. */
  liveness: { path: '/livez', kind: 'probe', indexed: false },
  outage: { path: '/_outage', kind: 'outage', indexed: false },
  /** The Payment Link's redirect after payment: /gracias?session_id=cs_… (docs/fulfilment.md). */
  thanks: { path: '/gracias', kind: 'private', indexed: false },
  /** The buyer's calendar invite, with their personal link: /gracias/invitacion.ics?session_id=cs_… */
  thanksCalendar: { path: '/gracias/invitacion.ics', kind: 'private', indexed: false },
  /** The buyer's personal link, /acceso/<token> (docs/fulfilment.md): the times, the way in, then the materials. */
  access: { path: '/acceso/:token', kind: 'private', indexed: false },
  /** The buyer's calendar invite from the personal link, carrying that link. */
  accessCalendar: { path: '/acceso/:token/invitacion.ics', kind: 'private', indexed: false },
  /** The refund a new date entitles a buyer to: its step (GET), and the request (POST) from that step alone, which mails the link below. */
  accessRefund: { path: '/acceso/:token/reembolso', kind: 'action', indexed: false },
  /** The link mailed to the purchase's address that confirms the refund: one button (GET), and the refund (POST) from that page alone. */
  accessRefundLink: { path: '/acceso/:token/reembolso/:code', kind: 'action', indexed: false },
  stripeWebhook: { path: '/webhooks/stripe', kind: 'webhook', indexed: false },
  /**
   * The seller's page (docs/operations.md), never linked from a public page: signed out, one button that mails her a
   * sign-in link; signed in, her sale (`?buscar=` finds buyers). Every path under it shows nothing and does nothing
   * without her session, and each POST comes from its own forms.
   */
  panel: { path: '/panel', kind: 'action', indexed: false },
  /** POST: mails the sign-in link to OWNER_EMAIL. */
  panelLink: { path: '/panel/enlace', kind: 'action', indexed: false },
  /** The sign-in link, /panel/entrar?enlace=…: one button (GET), whose POST begins the session. */
  panelSignIn: { path: '/panel/entrar', kind: 'action', indexed: false },
  /** POST: ends the session. */
  panelSignOut: { path: '/panel/salir', kind: 'action', indexed: false },
  /** POST: sends one buyer their confirmation again. */
  panelResend: { path: '/panel/reenviar', kind: 'action', indexed: false },
  /**
   * The changes, each a POST of its form (docs/operations.md): without `codigo`, its preview (and a code mailed to the
   * owner); with the preview's token and the code, the change recorded, in force after the undo window.
   */
  panelDate: { path: '/panel/fecha', kind: 'action', indexed: false },
  panelClose: { path: '/panel/cerrar', kind: 'action', indexed: false },
  panelCancel: { path: '/panel/cancelar', kind: 'action', indexed: false },
  panelRecording: { path: '/panel/grabacion', kind: 'action', indexed: false },
  panelEdition: { path: '/panel/edicion', kind: 'action', indexed: false },
  /** POST: takes back the change waiting out its undo window. */
  panelUndo: { path: '/panel/deshacer', kind: 'action', indexed: false },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/** The legal pages: one component renders each from its text in shared/content/legalTexts.ts. */
export const LEGAL_PAGES = ['terms', 'refunds', 'privacy'] as const satisfies readonly RouteName[];
export type LegalPageName = (typeof LEGAL_PAGES)[number];

export const routeList: readonly Route[] = Object.values(ROUTES);

/** What robots.txt names for a route: its path up to its first `:name` segment, which stands for every value. */
export const crawlerPrefix = (path: string): string => path.replace(/:.*$/, '');

/** The path of a route with `:name` segments, each filled in (encoded) from `values`. */
export const fillPath = (path: string, values: Record<string, string>): string =>
  path.replace(/:(\w+)/g, (_segment, name: string) => encodeURIComponent(values[name] ?? ''));

/** Where the build's hashed files are served: named by their content, kept for a year. */
export const ASSETS_PREFIX = '/assets/';

/**
 * The path of a hashed file the build makes: an island's chunk (`/assets/chunks/hydrate-<hash>.js`) or one size of the
 * trainer's photo. The build carries only such paths from the previous release (scripts/lib/siteBuild.ts), and the
 * VCL's `asset` kind is this very pattern (tests/deploy/vcl-routes.test.ts holds both to the files the build makes).
 */
export const HASHED_ASSET_PATH = /^\/assets\/(([a-z]+\/)?[A-Za-z0-9_]+-[A-Z0-9]{8}\.js|trainer-[0-9]+-[0-9a-f]{10}\.(avif|webp|jpg))$/;
