import type { RequestHandler } from 'express';
import helmet from 'helmet';

const SELF = ["'self'"];

/** Browser features the site never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Every security header each response carries, by name: what a cache in front must pass on untouched. */
export const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-resource-policy',
] as const;

export interface SecurityOptions {
  /** Only behind TLS: on plain HTTP (a container on a LAN address) it would break every asset. */
  upgradeInsecureRequests: boolean;
  /** `sha256-…` of each page's one inline <style> (two stylesheets), computed at build: the only styles the policy allows. */
  styleHashes: string[];
  /** `sha256-…` of the pages' inline scripts, computed at build: the only inline scripts the policy allows. */
  scriptHashes: string[];
}

/**
 * helmet with a strict policy: nothing from other origins, and nothing inline but the stylesheets and the
 * script whose hashes the build computed. 'self' covers the chunks the inline entry imports later; the
 * island props and the JSON-LD are non-executable <script> types, which no policy governs.
 */
export function securityHeaders({ upgradeInsecureRequests, styleHashes, scriptHashes }: SecurityOptions): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: [...SELF, ...scriptHashes.map((hash) => `'${hash}'`)],
          styleSrc: styleHashes.map((hash) => `'${hash}'`),
          // data: for the favicon, inline in every page (no other image is a data: URL).
          imgSrc: [...SELF, 'data:'],
          // Same-origin fetches only; the site makes none, but Lighthouse's SEO audit reads /robots.txt that way.
          connectSrc: SELF,
          baseUri: ["'none'"],
          formAction: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: upgradeInsecureRequests ? [] : null,
        },
      },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // No opener policy: it made Chromium commit every page in a new renderer process, a delay before the first
      // paint, and guards what this site does not have (a login, a visitor's data, windows it opens with an opener).
      crossOriginOpenerPolicy: false,
      // The origin alone, to this site too: any answer (the 404, the outage page) may be served at an address that holds
      // a personal link's token, and a Referer would carry it to whatever logs requests in front of the site.
      referrerPolicy: { policy: 'strict-origin' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      // Left out: headers for Internet Explorer 8 and Flash, and a DNS-prefetch ban that would only slow the
      // checkout link. Every byte of headers counts: the landing page must arrive in the first round trip.
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xDnsPrefetchControl: false,
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
}
