// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelManager } from './ChannelManager.tsx';
import { channel, gif, json, location, serve, show, status } from './channel-test-kit.tsx';

const feed = [gif('aaa', 'Walrus'), gif('bbb', 'Seal')];

/** The feed for the pickers; the PATCH answered by `patched`; the rest (refreshes) empty. */
function serveEdits(patched: () => Response) {
  return serve((url, init) => {
    if (url.includes('/feed/'))
      return json(200, { data: feed, pagination: { total_count: 2, count: 2, offset: 0 } });
    if (init.method === 'PATCH') return patched();
    if (url.includes('retrieve-job')) return json(200, { data: { status: 'DONE' } });
    return json(200, { data: [] });
  });
}

const patches = (calls: string[]) => calls.filter((c) => c.startsWith('PATCH'));
const group = (name: string) => within(screen.getByRole('group', { name }));
const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Edit channel' }));
  await screen.findAllByLabelText('Walrus');
};

describe('editing a channel on its page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves only what changed: address, visibility, featured GIF and banner; the page follows the new address', async () => {
    const calls = serveEdits(() =>
      json(200, { data: channel(5, 'Felines', { is_visible: false }), flush_uuid: null }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />, '/ann/cats');
    await open();
    // Not staff: the type is not offered.
    expect(screen.queryByLabelText('Type')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Cats');
    // The keyboard lands in the form that replaced the button.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'felines' } });
    fireEvent.click(screen.getByLabelText(/^Visible to everyone/));
    fireEvent.click(group('Featured GIF').getByLabelText('Seal'));
    fireEvent.click(group('Banner').getByLabelText('Walrus'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(status()).toBe('Saved.'));
    expect(patches(calls)).toEqual([
      'PATCH /api/v4/channels/5/ {"slug":"felines","is_visible":false,"featured_gif":"bbb","banner_gif":"aaa"}',
    ]);
    // The router moves in a transition, which may commit after the status line's update.
    await vi.waitFor(() => expect(location()).toBe('/ann/felines'));
    expect(screen.queryByRole('form', { name: 'Edit channel' })).toBeNull();
  });

  it('says so when a sibling has the address, and keeps what was typed', async () => {
    serveEdits(() =>
      json(409, {
        error: {
          code: 'channel_slug_taken',
          message: 'Another channel here already has the slug "dogs".',
        },
      }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />, '/ann/cats');
    await open();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'dogs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // In the form's words, not the server's.
    await vi.waitFor(() =>
      expect(status()).toBe(
        'Another channel beside this one already has the address “dogs”. Choose another.',
      ),
    );
    expect(screen.getByLabelText('Address')).toHaveProperty('value', 'dogs');
    expect(location()).toBe('/ann/cats');
  });

  it('starts from the current featured GIF and banner (found by its picture) and clears them', async () => {
    const calls = serveEdits(() => json(200, { data: channel(5, 'Cats'), flush_uuid: null }));
    const cats = channel(5, 'Cats', {
      featured_gif: feed[1]!,
      banner_image: '/media/aaa/still.png',
    });
    show(<ChannelManager channel={cats} siblings={[]} />);
    await open();
    expect(group('Featured GIF').getByLabelText('Seal')).toHaveProperty('checked', true);
    expect(group('Banner').getByLabelText('Walrus')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('No featured GIF'));
    fireEvent.click(screen.getByLabelText('No banner'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(status()).toBe('Saved.'));
    expect(patches(calls)).toEqual([
      'PATCH /api/v4/channels/5/ {"featured_gif":null,"banner_gif":null}',
    ]);
  });

  it('keeps a banner that is not among the listed GIFs, and saves nothing unchanged', async () => {
    const calls = serveEdits(() => json(200, { data: channel(5, 'Cats'), flush_uuid: null }));
    show(
      <ChannelManager
        channel={channel(5, 'Cats', { banner_image: '/media/old/still.png' })}
        siblings={[]}
      />,
    );
    await open();
    expect(screen.getByLabelText('The current banner')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(status()).toBe('Nothing to save.'));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' Purr. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(status()).toBe('Saved.'));
    expect(patches(calls)).toEqual(['PATCH /api/v4/channels/5/ {"description":"Purr."}']);
  });

  it('lets staff set the type and follows the re-sync job it starts', async () => {
    const calls = serveEdits(() =>
      json(200, { data: channel(5, 'Cats', { type: 'editorial' }), flush_uuid: 'job-7' }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} staff />);
    await open();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'editorial' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(status()).toBe('Saved; the magic tags’ GIFs are gathered again.'),
    );
    expect(calls.filter((c) => !c.startsWith('GET /api/v4/channels/5/feed'))).toEqual([
      'PATCH /api/v4/channels/5/ {"type":"editorial"}',
      'GET /api/v4/channels/retrieve-job/?job=job-7',
    ]);
  });

  it('offers only the description and pictures of a root channel (its profile), even to staff', async () => {
    const calls = serveEdits(() => json(200, { data: channel(1, 'Ann'), flush_uuid: null }));
    show(<ChannelManager channel={channel(1, 'Ann', { is_root: true })} siblings={[]} staff />);
    await open();
    for (const label of ['Name', 'Address', 'Type', /^Visible to everyone/])
      expect(screen.queryByLabelText(label)).toBeNull();
    fireEvent.click(group('Featured GIF').getByLabelText('Walrus'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(status()).toBe('Saved.'));
    expect(patches(calls)).toEqual(['PATCH /api/v4/channels/1/ {"featured_gif":"aaa"}']);
  });
});
