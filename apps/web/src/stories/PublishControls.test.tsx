// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublishControls } from './PublishControls.tsx';
import { emptyDraft } from './story-draft.ts';

function renderSaved(onDelete: () => void) {
  render(
    <MemoryRouter>
      <PublishControls
        draft={{ ...emptyDraft(), story_id: 's1', title: 'Moon week' }}
        busy={false}
        onPublishAt={() => undefined}
        onSave={() => undefined}
        onDelete={onDelete}
      />
    </MemoryRouter>,
  );
}

describe('deleting a story', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks in the site’s dialog, focused on Cancel: Cancel or Escape keeps the story', () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const onDelete = vi.fn();
    renderSaved(onDelete);

    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus(); // as a click in a browser does
    fireEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Delete this story for good?' });
    expect(dialog.textContent).toContain('Its GIFs stay on Jiffy');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    dialog = screen.getByRole('dialog', { name: 'Delete this story for good?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
    // The browser's own confirm() is never used.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('deletes once its button in the dialog is pressed', () => {
    const onDelete = vi.fn();
    renderSaved(onDelete);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this story for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete story' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
