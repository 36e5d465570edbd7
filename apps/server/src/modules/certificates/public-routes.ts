import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { parseCertificateCode } from '@waypoint/domain';
import { hitRateLimit } from '../rate-limits/service.js';
import type { RateRule } from '../../lib/rate-limit.js';
import { verifyCertificate } from './service.js';
import { readThemeFile } from './themes.js';
import { codeFormPage, tooManyPage, unknownCodePage, verifiedPage } from './verify-page.js';

/**
 * Look-ups of the public verification page from one client address: enough for an employer
 * checking a stack of certificates, far too few to walk a 130-bit code space (ADR 0011).
 */
export const VERIFY_RATE: RateRule = {
  name: 'certificate-verify-address',
  limit: 60,
  windowMs: 15 * 60_000,
};

const HTML = 'text/html; charset=utf-8';

/**
 * What certificates serve outside /lms (docs/decisions/0011): the public verification page
 * /verify/{code}, the theme files /themes/certificate[/{theme}]/certificate.html and .css (§7),
 * and Referrer-Policy: no-referrer on the certificate page, whose address holds the session id
 * (§2): no asset or link it loads may carry that address away.
 */
export async function certificatePublicRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;

  // The certificate page is the web app's (index.html, as for any page); this route only adds the
  // header. sendFile is the web app's static plugin's, absent when the app is not built.
  app.get('/certificate', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    if (typeof reply.sendFile !== 'function') {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'The web app is not built.' });
    }
    return reply.sendFile('index.html');
  });

  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await hitRateLimit(deps.db, VERIFY_RATE, request.ip, deps.clock.now());
    if (state.allowed) return false;
    await reply
      .status(429)
      .type(HTML)
      .header('retry-after', String(state.retryAfterSeconds))
      .send(tooManyPage());
    return true;
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, typed: string) => {
    if (await limited(request, reply)) return reply;
    reply.type(HTML).header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
    const code = parseCertificateCode(typed);
    const verification = code ? await verifyCertificate(deps, code) : null;
    if (!code || !verification) return reply.status(404).send(unknownCodePage(typed.slice(0, 40)));
    return reply.send(verifiedPage(code, verification));
  };

  app.get(
    '/verify',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request, reply) => {
      const typed = request.query.code;
      if (typed === undefined) return reply.type(HTML).send(codeFormPage());
      const code = parseCertificateCode(typed);
      // A well-formed code goes to its own address, which can be bookmarked and shared.
      if (code) return reply.redirect(`/verify/${code}`, 303);
      return answer(request, reply, typed);
    },
  );

  app.get(
    '/verify/:code',
    { schema: { hide: true, params: Type.Object({ code: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => answer(request, reply, request.params.code),
  );

  // The theme files (§7): the default theme at themes/certificate/, the others one folder below;
  // an extending theme's files are put together from its base's (themes.ts).
  const themeFile = async (reply: FastifyReply, theme: string, file: string) => {
    const match = /^certificate\.(html|css)$/.exec(file);
    const body = match ? await readThemeFile(theme, match[1] as 'html' | 'css') : null;
    if (!match || body === null) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'No such theme file.' });
    }
    return reply
      .type(match[1] === 'css' ? 'text/css; charset=utf-8' : HTML)
      .header('cache-control', 'no-cache')
      .send(body);
  };
  const fileParams = Type.Object({ file: Type.String({ maxLength: 40 }) });
  app.get(
    '/themes/certificate/:file',
    { schema: { hide: true, params: fileParams } },
    async (request, reply) => themeFile(reply, 'default', request.params.file),
  );
  app.get(
    '/themes/certificate/:theme/:file',
    {
      schema: {
        hide: true,
        params: Type.Object({
          theme: Type.String({ maxLength: 40 }),
          file: Type.String({ maxLength: 40 }),
        }),
      },
    },
    async (request, reply) =>
      request.params.theme === 'default'
        ? reply
            .status(404)
            .send({ statusCode: 404, error: 'Not Found', message: 'No such theme file.' })
        : themeFile(reply, request.params.theme, request.params.file),
  );
}
