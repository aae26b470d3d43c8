// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditEntryLine } from './AuditEntryLine.tsx';

describe('an audit-log line', () => {
  afterEach(cleanup);

  it('says who changed what on which GIF, the GIF a link to its page', () => {
    const { container } = render(
      <AuditEntryLine
        entry={{
          id: '1',
          action: 'gif.edit',
          gif_id: 'abc123',
          search_report_id: null,
          actor: { id: 'u1', username: 'mod' },
          before: { title: 'Old' },
          after: { title: 'New' },
          created_at: '2026-12-01T10:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'abc123' }).getAttribute('href')).toBe('/gifs/abc123');
    expect(container.textContent).toMatch(/ · @mod · gif\.edit · GIF abc123 · title: Old → New$/);
  });

  it('says whose role an admin or the operator changed, from what to what', () => {
    const entry = {
      id: '2',
      action: 'user.set_role',
      gif_id: null,
      search_report_id: null,
      subject: { id: 'u2', username: 'alice' },
      actor: { id: 'u1', username: 'boss' },
      actor_note: null,
      before: { role: 'creator' },
      after: { role: 'moderator' },
      created_at: '2026-12-01T10:00:00.000Z',
    };
    const { container } = render(<AuditEntryLine entry={entry} />);
    expect(screen.getByRole('link', { name: '@alice' }).getAttribute('href')).toBe('/alice');
    expect(container.textContent).toMatch(/ · @boss · role change · @alice: creator → moderator$/);
    cleanup();
    const fromCli = render(
      <AuditEntryLine
        entry={{
          ...entry,
          actor: null,
          actor_note: 'operator: npm run admin',
          after: { role: 'user' },
          before: { role: 'admin' },
        }}
      />,
    );
    expect(fromCli.container.textContent).toMatch(
      / · operator: npm run admin · role change · @alice: admin → user$/,
    );
  });
});
