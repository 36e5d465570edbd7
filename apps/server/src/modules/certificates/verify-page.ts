/**
 * The public verification page /verify/{code} (docs/decisions/0011): server-rendered HTML with no
 * script, readable without signing in. It shows the holder's name, the achievement, the issuer,
 * the dates and Valid / Revoked / Expired, and nothing more about the student.
 */
import { formatDate, shortCertificateCode } from '@waypoint/domain';
import { escapeHtml } from '../../lib/html.js';
import type { Verification } from './service.js';

export const NO_CERTIFICATE_HAS_THIS_CODE = 'No certificate has this code.';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f6; color: #1c2733; }
  main { box-sizing: border-box; width: min(560px, calc(100vw - 32px)); background: #fff; border-radius: 12px;
    padding: 28px; margin: 24px 0; box-shadow: 0 8px 30px rgba(20, 40, 70, 0.12); }
  h1 { font-size: 1.35rem; margin: 0 0 16px; }
  p { line-height: 1.5; margin: 0 0 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 16px 0; }
  dt { color: #4b5b6b; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .status { display: inline-block; padding: 6px 14px; border-radius: 999px; font-weight: 700; font-size: 1.05rem; }
  .valid { background: #dff3e4; color: #135c2a; }
  .revoked { background: #fbe0e0; color: #8a1414; }
  .expired { background: #fdf0d5; color: #7a4a00; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 1rem; border: 1px solid #8796a5;
    border-radius: 8px; text-transform: uppercase; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1d6fd8; outline-offset: 2px; }
  button { margin-top: 12px; padding: 10px 18px; font-size: 1rem; font-weight: 600; color: #fff;
    background: #1d5fb8; border: 0; border-radius: 8px; cursor: pointer; }
  .note { color: #4b5b6b; font-size: 0.9rem; }
  .error { color: #a4161a; font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Waypoint</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const LABELS = { valid: 'Valid', revoked: 'Revoked', expired: 'Expired' } as const;

const codeForm = (value = '') => `<form method="get" action="/verify">
<label for="code">Certificate code</label>
<input id="code" name="code" autocomplete="off" spellcheck="false" maxlength="40" value="${escapeHtml(value)}"
  aria-describedby="code-hint">
<p id="code-hint" class="note">The code printed under the QR code, for example ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ.</p>
<button type="submit">Verify</button>
</form>`;

/** The page of a certificate that exists. */
export function verifiedPage(code: string, verification: Verification): string {
  const status = verification.status;
  const rows: [string, string][] = [
    ['Holder', verification.holderName],
    ['Achievement', verification.achievementName],
    ['Certificate', verification.certificateTypeName || 'Certificate of Completion'],
    ['Issued by', verification.issuerName],
    ['Completed', formatDate(verification.completedAt.getTime())],
    ['Issued', formatDate(verification.issuedAt.getTime())],
  ];
  if (verification.expiresAt) {
    rows.push([
      status === 'expired' ? 'Expired' : 'Valid until',
      formatDate(verification.expiresAt.getTime()),
    ]);
  }
  if (verification.revokedAt) rows.push(['Revoked', formatDate(verification.revokedAt.getTime())]);
  // Only a public reason (migration 0019); an operator's reason stays private (ADR 0011).
  if (verification.publicReason) rows.push(['Reason', verification.publicReason]);
  return page(
    `Certificate ${LABELS[status]}`,
    `<h1>Certificate verification</h1>
<p><span class="status ${status}" role="status">${LABELS[status]}</span></p>
<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p class="note">Code ${escapeHtml(shortCertificateCode(code))}. This page is the issuer's own record of the certificate: a
printed or downloaded copy is genuine only if it matches what is shown here.</p>`,
  );
}

/** The page of a code no certificate has (the same for a malformed one: nothing else is revealed). */
export function unknownCodePage(typed: string): string {
  return page(
    'No certificate',
    `<h1>Certificate verification</h1>
<p class="error" role="alert">${NO_CERTIFICATE_HAS_THIS_CODE}</p>
${codeForm(typed)}`,
  );
}

/** The form to type a code. */
export function codeFormPage(): string {
  return page('Verify a certificate', `<h1>Verify a certificate</h1>\n${codeForm()}`);
}

/** Too many look-ups from one address. */
export function tooManyPage(): string {
  return page(
    'Too many attempts',
    `<h1>Certificate verification</h1>
<p class="error" role="alert">Too many attempts. Please wait a few minutes and try again.</p>`,
  );
}
