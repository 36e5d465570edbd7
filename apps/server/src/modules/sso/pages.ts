/** The server-made pages of single sign-on: plain HTML, no script (the CSP allows none inline). */
import { escapeHtml } from '../../lib/html.js';

/** A page with a heading, paragraphs and the link back to the login page. */
export function ssoPage(heading: string, paragraphs: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
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
  <h1>${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `  <p>${escapeHtml(text)}</p>`).join('\n')}
  <p><a href="/login">Back to the login page</a></p>
</main>
</body>
</html>
`;
}

/** The bridge's page when the LMS has no single sign-on (spec §7). */
export const NOT_CONFIGURED_PAGE = ssoPage('Single sign-on is not available', [
  'Single sign-on is not configured for this training provider.',
  'Please sign in with your login ID and password instead.',
]);

/** The page of a refused single sign-on: what went wrong, and that nobody was signed in. */
export const refusalPage = (message: string) =>
  ssoPage('Single sign-on failed', [message, 'You have not been signed in.']);
