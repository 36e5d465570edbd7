import type { FastifyInstance } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Single sign-on - Waypoint</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f6f8; color: #1c2733; }
  main { max-width: 32rem; margin: 15vh auto; padding: 2rem; background: #fff; border-radius: 8px;
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  a { color: #0b5cad; font-weight: 600; }
</style>
</head>
<body>
<main>
  <h1>Single sign-on is not available</h1>
  <p>Single sign-on is not configured for this training provider.</p>
  <p>Please sign in with your login ID and password instead.</p>
  <p><a href="/login">Back to the login page</a></p>
</main>
</body>
</html>
`;

/** GET /ssosaml2bridge/: the single sign-on bridge (spec §7); none is configured yet, so it says so. */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ssosaml2bridge/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
}
