import { reminderHeadline, type DueReminder } from '@waypoint/domain';
import { escapeHtml } from '../../lib/html.js';
import type { OutgoingEmail } from '../../lib/mailer.js';

/** Who a digest goes to and from which training provider. */
export interface DigestRecipient {
  lmsKey: number;
  email: string;
  displayName: string;
  lmsName: string;
}

/** One line, so a name with line breaks cannot add header lines or break the text layout. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The day's digest of one student (docs/decisions/0015): every reminder that falls on the day in
 * one email, with a plain-text and an HTML part; each item links to the panel page that opens it.
 */
export function composeDigest(
  recipient: DigestRecipient,
  reminders: readonly DueReminder[],
  publicUrl: string,
  /** managersCopied: the student's managers get a copy (Cc), and the email says so. */
  options: { managersCopied?: boolean } = {},
): OutgoingEmail {
  const lmsName = oneLine(recipient.lmsName);
  const first = reminders[0]!;
  const subject =
    reminders.length === 1
      ? `${lmsName}: ${oneLine(first.item.title)} (${reminderHeadline(first).toLowerCase()})`
      : `${lmsName}: ${reminders.length} training reminders`;
  const greeting = `Hello ${oneLine(recipient.displayName) || 'there'},`;
  const intro = `This is a reminder from ${lmsName} about your training.`;
  const footer =
    'You get these emails because reminders are on for your account. To stop them, open the ' +
    "account menu in the panel and turn 'Email reminders' off." +
    (options.managersCopied
      ? ' Your training managers get a copy of this email because a curriculum is overdue.'
      : '');
  const entries = reminders.map((reminder) => ({
    title: oneLine(reminder.item.title),
    headline: reminderHeadline(reminder),
    date: reminder.item.date,
    detail: oneLine(reminder.item.detail),
    url: `${publicUrl}${reminder.item.link}`,
  }));

  const text = [
    greeting,
    '',
    intro,
    '',
    ...entries.flatMap((entry) => [
      `- ${entry.title}: ${entry.headline} (${entry.date})`,
      `  ${entry.detail}`,
      `  Open: ${entry.url}`,
      '',
    ]),
    footer,
    '',
  ].join('\n');

  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f24;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...entries.map(
      (entry) =>
        `<li><strong>${escapeHtml(entry.title)}</strong>: ${escapeHtml(entry.headline)} ` +
        `(${escapeHtml(entry.date)})<br>${escapeHtml(entry.detail)}<br>` +
        `<a href="${escapeHtml(entry.url)}">Open in ${escapeHtml(lmsName)}</a></li>`,
    ),
    '</ul>',
    `<p style="color: #57606a; font-size: 0.9em;">${escapeHtml(footer)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { lmsKey: recipient.lmsKey, to: recipient.email, subject, text, html };
}
