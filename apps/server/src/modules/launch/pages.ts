/**
 * The small pages the launch window shows before the player: the re-authentication step of live
 * verification and the launch errors. Plain HTML forms, no script (the CSP allows none inline).
 */
import { launchCalls } from '@waypoint/domain/contract';
import { escapeHtml } from '../../lib/html.js';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f6; color: #1c2733; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 28px;
    box-shadow: 0 8px 30px rgba(20, 40, 70, 0.12); }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  p { line-height: 1.5; margin: 0 0 16px; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input[type=password], input#code { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 1rem;
    border: 1px solid #9aa8b6; border-radius: 8px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1d6fd8; outline-offset: 2px; }
  button { margin-top: 16px; width: 100%; padding: 11px; font-size: 1rem; font-weight: 600; color: #fff;
    background: #1d5fb8; border: 0; border-radius: 8px; cursor: pointer; }
  .error { color: #a4161a; font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} - Waypoint</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/**
 * The re-authentication step: the student's password, or for students who sign in with MFA the
 * code just emailed to them, posted with the hidden session id.
 */
export function verificationPage(options: {
  launchId: string;
  sessionId: string;
  error: string | null;
  mfaId?: string;
}): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const field = options.mfaId
    ? `<p>We have emailed you a 6-digit code. Enter it to start the lesson.</p>
${error}
<input type="hidden" name="mfaID" value="${escapeHtml(options.mfaId)}">
<label for="code">Code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>`
    : `<p>This lesson asks you to confirm your identity before it starts. Enter your Waypoint password.</p>
${error}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>`;
  return page(
    'Confirm it is you',
    `<h1>Confirm it is you</h1>
<form method="post" action="/lms${launchCalls.verify.path(options.launchId)}">
<input type="hidden" name="sessionID" value="${escapeHtml(options.sessionId)}">
${field}
<button type="submit">Continue to the lesson</button>
</form>`,
  );
}

/** Why the launch window cannot show the lesson. */
export function launchErrorPage(message: string): string {
  return page(
    'Lesson not started',
    `<h1>The lesson could not start</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>You can close this window.</p>`,
  );
}
