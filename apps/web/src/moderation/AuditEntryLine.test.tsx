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
});
