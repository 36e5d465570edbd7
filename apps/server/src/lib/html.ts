/**
 * Text for a server-made HTML page or email (the SSO and launch pages, the certificate verify page,
 * the reminder digest): names and messages come from operators, imports and identity providers.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes & < > " ' so the text is safe in an element or a quoted attribute (either quote). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
