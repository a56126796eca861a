/**
 * The pages that are not the sale: the 404 and the 500 (shared/components/StatusPage.tsx, from server/app.ts), the
 * outage page a shared cache shows while no instance answers (shared/components/OutagePage.tsx), and the words of the
 * cache's own 429. deploy/varnish/taller.vcl writes a copy of `throttled` and of `outage`'s words: change them there too
 * (tests/deploy/varnish-throttle.test.ts and tests/deploy/varnish.test.ts hold the copies to these).
 */

export const notFound = {
  title: 'Página no encontrada',
  heading: 'Oops! Page not found',
  homeLink: 'Return to Home',
} as const;

export const serverError = {
  title: 'Error',
  heading: 'Unexpected Application Error!',
  text: 'Algo salió mal de nuestro lado. Vuelve a intentarlo en un momento.',
  homeLink: 'Return to Home',
} as const;

/**
 * The page a shared cache shows while no instance of the site answers (docs/decisions/0001-outage-page.md):
 * Spanish, no offer, a way to reach the owner.
 */
export const outage = {
  title: 'Volvemos en un momento',
  heading: 'Volvemos en un momento',
  text: 'La página no está disponible ahora mismo por un problema técnico de nuestro lado. Vuelve a intentarlo en unos minutos.',
  contactLead: 'Si necesitas ayuda, escríbenos a',
  retryLink: 'Volver a intentarlo',
} as const;

/**
 * What the shared cache answers a client that asks the pages after the checkout too often in a few seconds (429,
 * deploy/varnish/taller.vcl keeps these words): most likely a script, perhaps a buyer who reloads too fast.
 */
export const throttled = {
  title: 'Un momento, por favor',
  heading: 'Un momento, por favor',
  text: 'Recibimos muchas solicitudes seguidas desde tu conexión. Espera unos segundos y vuelve a cargar la página.',
} as const;
