import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { formatBytes } from '../content/package-zip.js';
import { openApiDocument } from '../../platform/openapi.js';
import type { AreaRouteOptions } from '../feature-area.js';
import type { AreaCommand } from './area-command.js';
import { checkOperatorToken } from './auth.js';
import { runCommand } from './run-command.js';
import { saveUpload } from './upload.js';

// 'the package zip is larger ...' starts a sentence.
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The operator API, /lms/operator/commands/{name}: the CLI's commands for a running server.
 * Only the operator token (Authorization: Bearer, DATA_DIR/operator-token) opens it; sessions and
 * cookies are never looked at. Without a token configured, no route exists (404).
 */
export async function operatorRoutes(
  app: FastifyInstance,
  { operatorCommands }: AreaRouteOptions,
): Promise<void> {
  const token = app.deps.operatorToken;
  if (!token) return;
  const run = (request: FastifyRequest, name: string, input: unknown, upload?: string) =>
    runCommand(operatorCommands, app.deps, name, input, upload, request.ip);

  // The schemas document the API; the service validates every input itself (same checks and
  // messages as the CLI's own-database path), so Fastify neither coerces nor strips anything here.
  app.setValidatorCompiler(() => (value) => ({ value }));
  // Package zips stay a stream here; the route writes them to a file within the size limit.
  app.addContentTypeParser(
    ['application/zip', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );

  const authorise = async (request: FastifyRequest) => {
    await checkOperatorToken(app.deps, token, request.headers.authorization, request.ip);
  };

  // Prometheus metrics (ADR 0013): scraped with the operator token as a bearer token.
  app.get('/metrics', { schema: { hide: true }, onRequest: authorise }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(app.metrics.contentType)
      .send(await app.metrics.metrics()),
  );

  // The operator API's own part of the OpenAPI document, for the token holder only (ADR 0009).
  app.get('/openapi.json', { schema: { hide: true }, onRequest: authorise }, async () =>
    openApiDocument(app, 'operator'),
  );

  const uploadRoute = (
    name: string,
    querystring: AreaCommand['input'],
    file: NonNullable<AreaCommand['upload']>,
  ) =>
    app.post(
      `/commands/${name}`,
      {
        schema: {
          summary: `Operator command ${name} (same as \`npm run waypoint -- ${name}\`): ${file.what} is the body (application/octet-stream), the options are the query`,
          tags: ['operator'],
          headers: Type.Object({ authorization: Type.Optional(Type.String()) }),
          querystring,
        },
        // Checked before any of the body is read: a caller without the token uploads nothing.
        onRequest: authorise,
      },
      async (request) => {
        if (!(request.body instanceof Readable)) {
          throw new HttpError(
            415,
            `Send ${file.what} as the body of ${name}, with Content-Type: application/octet-stream.`,
          );
        }
        const declared = Number(request.headers['content-length']);
        if (declared > file.maxBytes) {
          throw new HttpError(
            413,
            `${capitalised(file.what)} is larger than ${formatBytes(file.maxBytes)}.`,
          );
        }
        const saved = await saveUpload(
          app.deps.config.dataDir,
          request.body,
          file.maxBytes,
          capitalised(file.what),
        );
        try {
          return await run(request, name, { ...(request.query as Record<string, unknown>) }, saved);
        } finally {
          await rm(saved, { force: true });
        }
      },
    );

  // Every area's commands (their module.ts), one route each.
  for (const command of operatorCommands) {
    if (command.upload) {
      uploadRoute(command.name, command.input, command.upload);
      continue;
    }
    app.post(
      `/commands/${command.name}`,
      {
        schema: {
          summary: `${command.summary} (same as \`npm run waypoint -- ${command.name}\`)`,
          tags: ['operator'],
          headers: Type.Object({ authorization: Type.Optional(Type.String()) }),
          body: command.input,
        },
        // The token is checked before the body is validated, so a caller without it learns nothing.
        preValidation: authorise,
      },
      async (request) => run(request, command.name, request.body),
    );
  }

  // Unknown command names with a valid token get a clear 404; without one, 401 like the rest.
  app.post('/commands/:name', { preValidation: authorise }, async (request) => {
    const { name } = request.params as { name: string };
    throw new HttpError(404, `Unknown operator command '${name}'.`);
  });
}
