// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelManager } from './ChannelManager.tsx';
import { channel, json, serve, show, status } from './channel-test-kit.tsx';

const tags = ['cat', 'dog', 'owl'].map((tag, i) => ({ id: i + 1, tag, rank: i + 1 }));
const cats = channel(5, 'Cats', { tags });

describe('re-ranking a channel’s tabs', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('moves a tab up or down with buttons, to the rank beside it', async () => {
    const calls = serve(() => json(200, { data: [] }));
    show(<ChannelManager channel={cats} siblings={[]} />);
    expect(
      within(screen.getByRole('list', { name: 'Tabs' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')!.textContent),
    ).toEqual(['#cat', '#dog', '#owl']);
    expect(screen.getByRole('button', { name: 'Move tab cat up' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Move tab owl down' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move tab dog up' }));
    await vi.waitFor(() => expect(status()).toBe('Moved the tab #dog to place 1.'));
    fireEvent.click(screen.getByRole('button', { name: 'Move tab dog down' }));
    await vi.waitFor(() => expect(status()).toBe('Moved the tab #dog to place 3.'));
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([
      'PATCH /api/v4/channel-ranked-tags/2/ {"rank":1}',
      'PATCH /api/v4/channel-ranked-tags/2/ {"rank":3}',
    ]);
  });

  it('puts a dragged tab in the place of the one it is dropped on', async () => {
    const calls = serve(() => json(200, { data: [] }));
    show(<ChannelManager channel={cats} siblings={[]} />);
    const rows = within(screen.getByRole('list', { name: 'Tabs' })).getAllByRole('listitem');
    const carrying = (id: number) => ({
      dataTransfer: { types: ['application/x-jiffy-ranked-tag'], getData: () => String(id) },
    });
    fireEvent.dragOver(rows[0]!, carrying(3));
    expect(rows[0]!.className).toBe('drop-target');
    fireEvent.drop(rows[0]!, carrying(3));
    await vi.waitFor(() => expect(status()).toBe('Moved the tab #owl to place 1.'));
    fireEvent.drop(rows[2]!, carrying(1));
    await vi.waitFor(() => expect(status()).toBe('Moved the tab #cat to place 3.'));
    // Onto itself, or a sub-channel row's drag: nothing is asked.
    fireEvent.drop(rows[1]!, carrying(2));
    fireEvent.drop(rows[1]!, {
      dataTransfer: { types: ['application/x-jiffy-channel'], getData: () => '' },
    });
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([
      'PATCH /api/v4/channel-ranked-tags/3/ {"rank":1}',
      'PATCH /api/v4/channel-ranked-tags/1/ {"rank":3}',
    ]);
  });
});
