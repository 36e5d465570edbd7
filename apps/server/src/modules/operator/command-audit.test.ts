import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';
import { AREAS } from '../areas.js';
import { operatorCommandsOf } from '../feature-area.js';
import { isRecorded } from './command-audit.js';
import { runOperatorCommand } from './service.js';

// The operator's commands in the audit log (docs/decisions/0021): one event per successful
// command that changes something, from the CLI and the operator API alike; none for read-only
// commands, failures, or the staff-* commands that record their own.

const TOKEN = randomBytes(32).toString('hex');

describe('operator commands in the audit log', () => {
  let t: TestApp;
  let lmsKey: number;

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
    lmsKey = (await buildLms(t.db, { lmsCode: 'audited' })).lmsKey;
  });
  afterAll(() => t.close());

  const events = () =>
    t.db
      .selectFrom('auditEvent')
      .select([
        'lmsKey',
        'actorUserKey',
        'actorLabel',
        'clientAddress',
        'action',
        'summary',
        'after',
      ])
      .orderBy('eventKey')
      .execute();

  it('records a CLI command with the LMS, actor "operator" and the input without secrets', async () => {
    await runOperatorCommand(t.app.deps, 'add-user', {
      lms: 'audited',
      login: 'new.pilot',
      email: 'new.pilot@example.test',
      name: 'New Pilot',
      password: 'Very-secret-pass-1',
    });
    const [event] = await events();
    expect(event).toMatchObject({
      lmsKey,
      actorUserKey: null,
      actorLabel: 'operator',
      clientAddress: '',
      action: 'operator.add-user',
      summary: 'Operator ran add-user (new.pilot)',
      after: { lms: 'audited', login: 'new.pilot', password: '[hidden]' },
    });
    expect(JSON.stringify(await events())).not.toContain('Very-secret-pass-1');
  });

  it('records nothing for read-only commands, failed ones, or show-only settings', async () => {
    const before = (await events()).length;
    await runOperatorCommand(t.app.deps, 'list-users', { lms: 'audited' });
    await runOperatorCommand(t.app.deps, 'list-lms', {});
    await runOperatorCommand(t.app.deps, 'reminders-settings', { lms: 'audited' });
    await expect(
      runOperatorCommand(t.app.deps, 'add-user', {
        lms: 'audited',
        login: 'new.pilot',
        email: 'again@example.test',
        name: 'Same Login',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await events()).length).toBe(before);
    await runOperatorCommand(t.app.deps, 'reminders-settings', { lms: 'audited', enabled: false });
    expect((await events()).at(-1)?.action).toBe('operator.reminders-settings');
  });

  it('records staff-create once, as its own staff.set event', async () => {
    const before = (await events()).length;
    await runOperatorCommand(t.app.deps, 'staff-create', {
      lms: 'audited',
      login: 'new.pilot',
      role: 'auditor',
    });
    const added = (await events()).slice(before);
    expect(added.map((e) => e.action)).toEqual(['staff.set']);
  });

  it('records an operator API command with the caller address; a server-wide one has no LMS', async () => {
    const response = await fetch(`${t.baseUrl}/lms/operator/commands/create-lms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ code: 'fresh', name: 'Fresh Air' }),
    });
    expect(response.status).toBe(200);
    expect((await events()).at(-1)).toMatchObject({
      lmsKey: null,
      action: 'operator.create-lms',
      clientAddress: '127.0.0.1',
      summary: 'Operator ran create-lms (fresh)',
    });
  });

  it('marks every command that only reads as changes: false (the names say so)', () => {
    const readOnly =
      /^(list-|.*-list$|outbox$|.*-show$|.*-preview$|export-|document-responses$|document-files$)/;
    for (const command of operatorCommandsOf(AREAS)) {
      if (readOnly.test(command.name)) expect(isRecorded(command, {}), command.name).toBe(false);
    }
  });
});
