import { Type } from 'typebox';
import { defineOperatorCommand } from '../operator/area-command.js';
import { recentEmails } from './service.js';

type Row = Record<string, unknown>;

const Text = Type.String({ maxLength: 2000 });

export const OutboxInput = Type.Object(
  {
    to: Type.Optional(Text),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);

/** outbox: the most recent emails (oldest first), optionally to one address. */
export const outboxCommand = defineOperatorCommand({
  name: 'outbox',
  changes: false,
  summary: 'Recent emails of the outbox (MFA codes, reset and invitation links)',
  input: OutboxInput,
  async run(deps, input) {
    return { emails: await recentEmails(deps, input.to?.trim() || null, input.limit ?? 20) };
  },
  format(result) {
    const emails = (result as Row).emails as Row[];
    if (emails.length === 0) return 'No emails.';
    return emails
      .map((email) =>
        [
          `#${email.emailKey}  ${email.createdAt}  to ${email.to}`,
          `Subject: ${email.subject}`,
          '',
          String(email.text),
        ].join('\n'),
      )
      .join('\n\n----\n\n');
  },
});
