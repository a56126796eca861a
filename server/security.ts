import helmet from 'helmet';

const SELF = ["'self'"];

/**
 * helmet with a strict policy: nothing inline, nothing from other origins. The island props are
 * <script type="application/json">, which browsers never execute, so 'self' covers every script.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: SELF,
        styleSrc: SELF,
        imgSrc: SELF,
        fontSrc: SELF,
        connectSrc: SELF,
        manifestSrc: SELF,
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
