import type { FastifyInstance } from 'fastify';
import { contentOriginOf } from './content-origin.js';

// No inline script anywhere; styles allow inline because the LMS theme and React style props
// use them. Support chat may be a third-party frame (spec §2 Get Support), so frames allow https.
// The launch form's answer redirects to the content origin, which form-action must allow.
const contentSecurityPolicy = (contentOrigin: string | null) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    // The installed panel (docs/decisions/0024): its service worker and web app manifest.
    "worker-src 'self'",
    "manifest-src 'self'",
    // The content origin's offline page runs in a hidden frame of the panel (ADR 0024).
    contentOrigin ? `frame-src 'self' https: ${contentOrigin}` : "frame-src 'self' https:",
    "frame-ancestors 'self'",
    contentOrigin ? `form-action 'self' ${contentOrigin}` : "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');

// Nothing in the panel or a lesson needs these powerful features; a hostile package or theme
// cannot ask for them either. Fullscreen stays for lesson videos on the same origin. Only features
// browsers know: Chromium reports an unknown one on every page (`bluetooth` is none; Web
// Bluetooth has no policy-controlled feature).
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Security headers on every response, and the spec's http-to-https redirect for one host (§4 step 6). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const { forceHttpsHost } = app.deps.config;
  app.addHook('onRequest', async (request, reply) => {
    if (forceHttpsHost && request.protocol === 'http' && request.hostname === forceHttpsHost) {
      return reply.redirect(`https://${forceHttpsHost}${request.url}`, 301);
    }
  });
  let policy = { origin: '', text: '' };
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) {
      const origin = contentOriginOf(app.deps) ?? '';
      if (policy.origin !== origin || policy.text === '') {
        policy = { origin, text: contentSecurityPolicy(origin || null) };
      }
      reply.header('content-security-policy', policy.text);
    }
    reply.header('x-content-type-options', 'nosniff');
    // Pages whose address holds a credential (launch, player, certificate) set no-referrer.
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    if (!reply.hasHeader('permissions-policy'))
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Routes that open into the lesson window set their own (unsafe-none, see launch/routes.ts).
    if (!reply.hasHeader('cross-origin-opener-policy')) {
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    }
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/lms/')) reply.header('cache-control', 'no-store');
  });
}
