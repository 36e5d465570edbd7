import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { formatBytes, PACKAGE_LIMITS } from '../content/package-zip.js';
import { openApiDocument } from '../../platform/openapi.js';
import type { AreaCommand } from './area-command.js';
import { AREA_COMMANDS } from './area-commands.js';
import { checkOperatorToken } from './auth.js';
import {
  COMMAND_INPUTS,
  COMMAND_NAMES,
  UPLOAD_COMMAND_INPUTS,
  UPLOAD_COMMAND_NAMES,
} from './schemas.js';
import { runOperatorCommand } from './service.js';
import { saveUpload } from './upload.js';

/**
 * The operator API, /lms/operator/commands/{name}: the CLI's commands for a running server.
 * Only the operator token (Authorization: Bearer, DATA_DIR/operator-token) opens it; sessions and
 * cookies are never looked at. Without a token configured, no route exists (404).
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const token = app.deps.operatorToken;
  if (!token) return;

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

  for (const name of COMMAND_NAMES) {
    app.post(
      `/commands/${name}`,
      {
        schema: {
          summary: `Operator command ${name} (same as \`npm run waypoint -- ${name}\`)`,
          tags: ['operator'],
          headers: Type.Object({ authorization: Type.Optional(Type.String()) }),
          body: COMMAND_INPUTS[name],
        },
        // The token is checked before the body is validated, so a caller without it learns nothing.
        preValidation: authorise,
      },
      async (request) => runOperatorCommand(app.deps, name, request.body),
    );
  }

  const uploadRoute = (
    name: string,
    querystring: AreaCommand['input'],
    file: { maxBytes: number; what: string },
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
          throw new HttpError(413, `${file.what} is larger than ${formatBytes(file.maxBytes)}.`);
        }
        const saved = await saveUpload(
          app.deps.config.dataDir,
          request.body,
          file.maxBytes,
          file.what,
        );
        try {
          return await runOperatorCommand(
            app.deps,
            name,
            { ...(request.query as Record<string, unknown>) },
            saved,
          );
        } finally {
          await rm(saved, { force: true });
        }
      },
    );

  for (const name of UPLOAD_COMMAND_NAMES) {
    uploadRoute(name, UPLOAD_COMMAND_INPUTS[name], {
      maxBytes: PACKAGE_LIMITS.maxZipBytes,
      what: 'The package zip',
    });
  }

  // Each area's commands (area-commands.ts), the same way.
  for (const command of AREA_COMMANDS) {
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
        preValidation: authorise,
      },
      async (request) => runOperatorCommand(app.deps, command.name, request.body),
    );
  }

  // Unknown command names with a valid token get a clear 404; without one, 401 like the rest.
  app.post('/commands/:name', { preValidation: authorise }, async (request) => {
    const { name } = request.params as { name: string };
    throw new HttpError(404, `Unknown operator command '${name}'.`);
  });
}
