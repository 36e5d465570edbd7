import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../api/audit';
import { EventDialog } from './event-dialog';

const event: AuditEvent = {
  eventKey: 7,
  at: '2026-03-02T09:30:00.000Z',
  actor: { userKey: null, label: 'operator' },
  clientAddress: '',
  action: 'operator.add-user',
  targetType: 'user',
  targetKey: '42',
  summary: 'Added user ada',
  before: null,
  after: { login: 'ada' },
};

describe('an audit event', () => {
  it('shows who, when, from where, what and its target, each beside its term', () => {
    render(<EventDialog event={event} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Added user ada' });
    const facts = new Map(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect([...facts.keys()]).toEqual(['When', 'Who', 'From', 'Action', 'Target']);
    expect(facts.get('When')).toContain('(2026-03-02T09:30:00.000Z)');
    expect(facts.get('Who')).toBe('operator');
    expect(facts.get('From')).toBe('the server itself');
    expect(facts.get('Action')).toBe('operator.add-user');
    expect(facts.get('Target')).toBe('user 42');
  });
});
