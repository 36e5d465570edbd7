/** The Change Password pop-up's rules and messages (spec §5 Change password). */

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const PASSWORD_DID_NOT_CHANGE = "Password didn't change.";
export const NEW_PASSWORD_BLANK = "New password can't be blank.";
/** Shown when the server fails without saying why. */
export const CHANGE_PASSWORD_FAILED = 'An error occurred, please try again later.';

export interface ChangePasswordFields {
  oldPassword: string;
  newPassword: string;
  retypePassword: string;
}

export type FieldName = keyof ChangePasswordFields;

/** The order the pop-up's fields appear in; Enter focuses the first empty one. */
export const FIELD_ORDER: readonly FieldName[] = ['oldPassword', 'newPassword', 'retypePassword'];

/** Removes unwanted characters from a password (spec §5; the rule lives in @waypoint/domain). */
export { cleanPassword } from '@waypoint/domain';

/** The first empty field, or null when all three are filled (Enter rule of spec §2). */
export function firstEmptyField(fields: ChangePasswordFields): FieldName | null {
  return FIELD_ORDER.find((name) => fields[name] === '') ?? null;
}

/** The message that blocks a change, or null when the fields may be sent (spec §5). */
export { changePasswordError as validateChangePassword } from '@waypoint/domain';

/** Splits a failed answer into the error line and the list of password-requirement errors. */
export function readChangePasswordError(
  statusCode: number,
  body: unknown,
): { error: string; requirements: string[] } {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' ? record.message : '';
  let requirements: string[] = [];
  if (Array.isArray(record.messages)) {
    requirements = record.messages.filter((item): item is string => typeof item === 'string');
  } else if (Array.isArray(body)) {
    requirements = body
      .map((item: unknown) =>
        typeof item === 'string'
          ? item
          : item &&
              typeof item === 'object' &&
              'message' in item &&
              typeof item.message === 'string'
            ? item.message
            : '',
      )
      .filter(Boolean);
  } else if (typeof body === 'string' && body !== '' && !body.trim().startsWith('<')) {
    requirements = [body];
  }
  if (requirements.length === 0 && statusCode === 400 && message) {
    // A single rule message is still a requirement error (spec §5); other statuses (403, 429)
    // are not about the password's rules and go on the error line.
    return { error: '', requirements: [message] };
  }
  const error = message && !requirements.includes(message) ? message : '';
  if (!error && requirements.length === 0) return { error: CHANGE_PASSWORD_FAILED, requirements };
  return { error, requirements };
}
