// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelManager, gifIdsIn } from './ChannelManager.tsx';
import { pollJob } from './channel-api.ts';
import { ChannelTagsManager } from './ChannelTagsManager.tsx';
import { channel, json, serve, show, status } from './channel-test-kit.tsx';

describe('channel management on the owner’s channel page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads GIF ids from pasted GIF page and embed links, or ids, however they are apart', () => {
    expect(
      gifIdsIn(
        'https://jiffy.example/gifs/happy-dance-abc123, /gifs/xyz9?utm=1\nhttps://jiffy.example/embed/Qq7 sun1',
      ),
    ).toEqual(['abc123', 'xyz9', 'Qq7', 'sun1']);
  });

  it('adds GIFs by their links', async () => {
    const calls = serve(() => json(200, { data: { added: ['abc123', 'xyz9'] } }));
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.change(screen.getByLabelText('Add GIFs by their links'), {
      target: {
        value: 'http://jiffy.example/gifs/happy-dance-abc123 http://jiffy.example/gifs/xyz9',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(status()).toBe('Added 2 GIFs.'));
    expect(calls).toContain('POST /api/v4/channel-gifs/ {"channel":5,"gif":["abc123","xyz9"]}');
  });

  it('makes a sub-channel under this one and says so', async () => {
    const calls = serve(() => json(201, { data: channel(9, 'Kittens') }));
    const changed = vi.fn();
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} onChanged={changed} />);
    fireEvent.change(screen.getByLabelText('New channel inside Cats'), {
      target: { value: 'Kittens' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(status()).toBe('Made Kittens.'));
    expect(calls).toEqual(['POST /api/v4/channels/ {"display_name":"Kittens","parent":5}']);
    expect(changed).toHaveBeenCalled();
  });

  it('says a name that ends in its own mark without a second full stop', async () => {
    serve(() => json(201, { data: channel(9, 'Yay!') }));
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.change(screen.getByLabelText('New channel inside Cats'), {
      target: { value: 'Yay!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(status()).toBe('Made Yay!'));
  });

  it('moves sub-channels up, down and into another with buttons', async () => {
    const calls = serve(() => json(200, { data: {} }));
    const kids = [channel(11, 'A'), channel(12, 'B'), channel(13, 'C')];
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={kids} />);
    expect(screen.getByRole('button', { name: 'Move A up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move C down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move B up' }));
    await vi.waitFor(() => expect(status()).toBe('Moved B.'));
    fireEvent.click(screen.getByRole('button', { name: 'Move A down' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Move C into'), { target: { value: '11' } });
    await vi.waitFor(() => expect(status()).toBe('Moved C into A.'));
    expect(calls).toEqual([
      'POST /api/v4/channels/12/move/ {"position":"before","target_channel":11}',
      'POST /api/v4/channels/11/move/ {"position":"after","target_channel":12}',
      'POST /api/v4/channels/13/move/ {"position":"last","target_channel":11}',
    ]);
  });

  it('moves a sub-channel dragged onto another: before it from below, after it from above', async () => {
    const calls = serve(() => json(200, { data: {} }));
    const kids = [channel(11, 'A'), channel(12, 'B'), channel(13, 'C')];
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={kids} />);
    const rows = within(screen.getByRole('list', { name: 'Sub-channels' })).getAllByRole(
      'listitem',
    );
    const carrying = (id: number) => ({
      dataTransfer: {
        types: ['application/x-jiffy-channel'],
        getData: () => String(id),
      },
    });
    fireEvent.dragOver(rows[0]!, carrying(13));
    expect(rows[0]!.className).toBe('drop-target');
    fireEvent.drop(rows[0]!, carrying(13));
    await vi.waitFor(() => expect(status()).toBe('Moved C.'));
    fireEvent.drop(rows[1]!, carrying(11));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // Onto itself, or something that is not a channel: nothing is asked.
    fireEvent.drop(rows[1]!, carrying(12));
    fireEvent.drop(rows[1]!, { dataTransfer: { types: ['text/plain'], getData: () => 'x' } });
    expect(calls).toEqual([
      'POST /api/v4/channels/13/move/ {"position":"before","target_channel":11}',
      'POST /api/v4/channels/11/move/ {"position":"after","target_channel":12}',
    ]);
  });

  it('adds ticked uploads, offering only ready public ones and marking those already in', async () => {
    const upload = (id: string, title: string, extra = {}) => ({
      id,
      title,
      status: 'ready',
      visibility: 'public',
      preview_url: null,
      ...extra,
    });
    const calls = serve((url, init) =>
      url.startsWith('/api/v1/users/me/gifs')
        ? json(200, {
            data: [
              upload('aaa', 'Walrus'),
              upload('bbb', 'Seal', { visibility: 'unlisted' }),
              upload('ccc', 'Otter'),
              upload('ddd', 'Puffin'),
            ],
            pagination: { count: 4, next_cursor: null },
          })
        : init.method === 'POST'
          ? json(200, { data: { added: ['aaa', 'ccc'] } })
          : // Puffin is already in this channel (5); Otter only in another one (6).
            json(200, {
              data: [
                { gif_id: 'aaa', channels: [] },
                { gif_id: 'ccc', channels: [channel(6, 'Dogs')] },
                { gif_id: 'ddd', channels: [channel(6, 'Dogs'), channel(5, 'Cats')] },
              ],
            }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add from your uploads' }));
    const list = await screen.findByRole('list', { name: 'Your uploads' });
    expect(list.textContent).toBe('WalrusOtterPuffin (already in this channel)');
    expect(calls).toContain('GET /api/v4/channel-gifs/?gif=aaa,ccc,ddd');
    expect(screen.getByLabelText('Puffin (already in this channel)')).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByLabelText('Walrus')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByLabelText('Walrus'));
    fireEvent.click(screen.getByLabelText('Otter'));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 to the channel' }));
    await vi.waitFor(() => expect(status()).toBe('Added 2 GIFs.'));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/v4/channel-gifs/ {"channel":5,"gif":["aaa","ccc"]}',
    ]);
    // After adding, the picker asks again which uploads the channel holds.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.startsWith('GET /api/v4/channel-gifs/'))).toHaveLength(2),
    );
  });

  it('lists uploads past the first page when asked, and looks up whether those are in too', async () => {
    const upload = (id: string) => ({
      id,
      title: `Upload ${id}`,
      status: 'ready',
      visibility: 'public',
      preview_url: null,
    });
    const calls = serve((url) =>
      url.startsWith('/api/v1/users/me/gifs')
        ? url.includes('cursor=0')
          ? json(200, { data: [upload('aaa')], pagination: { count: 1, next_cursor: 'n1' } })
          : json(200, { data: [upload('zzz')], pagination: { count: 1, next_cursor: null } })
        : json(200, {
            data: [
              { gif_id: 'aaa', channels: [] },
              { gif_id: 'zzz', channels: [channel(5, 'Cats')] },
            ],
          }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add from your uploads' }));
    const list = await screen.findByRole('list', { name: 'Your uploads' });
    expect(list.textContent).toBe('Upload aaa');
    fireEvent.click(screen.getByRole('button', { name: 'More uploads' }));
    await vi.waitFor(() =>
      expect(list.textContent).toBe('Upload aaaUpload zzz (already in this channel)'),
    );
    expect(calls).toContain('GET /api/v1/users/me/gifs?limit=100&cursor=n1');
    expect(calls).toContain('GET /api/v4/channel-gifs/?gif=aaa,zzz');
    // The last page: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'More uploads' })).toBeNull();
  });

  it('reorders the channel’s GIFs and takes one out', async () => {
    const feed = ['aaa', 'bbb', 'ccc'].map((id) => ({ id, title: id.toUpperCase(), images: {} }));
    const calls = serve((url) =>
      url.includes('/feed/')
        ? json(200, { data: feed, pagination: { total_count: 3, count: 3, offset: 0 } })
        : json(200, { data: { added: [], removed: ['aaa'] } }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Arrange GIFs' }));
    const first = await screen.findByRole('button', { name: 'Move AAA up' });
    expect(first).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move CCC up' }));
    await vi.waitFor(() => expect(status()).toBe('Moved CCC.'));
    fireEvent.click(screen.getByRole('button', { name: 'Take AAA out' }));
    await vi.waitFor(() => expect(status()).toBe('Took AAA out of the channel.'));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/v4/channel-gifs/ {"channel":5,"gif":["ccc"],"position":"before","target_gif":"bbb"}',
      'POST /api/v4/channel-gifs/remove/ {"channel":5,"gif":["aaa"]}',
    ]);
  });

  it('shows the server’s words when a change is refused', async () => {
    serve(() =>
      json(409, { error: { code: 'channel_slug_taken', message: 'A sibling has that slug.' } }),
    );
    show(<ChannelManager channel={channel(5, 'Cats')} siblings={[]} />);
    fireEvent.change(screen.getByLabelText('New channel inside Cats'), {
      target: { value: 'Dup' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(status()).toBe('A sibling has that slug.'));
  });

  it('adds a magic tag, polls its job to DONE and then says the GIFs are in', async () => {
    const statuses = ['PENDING', 'STARTED', 'DONE'];
    const calls = serve((url) =>
      url.includes('retrieve-job')
        ? json(200, { data: { status: statuses.shift() } })
        : json(201, { data: { id: 3, tag: 'cat' }, flush_uuid: 'job-1' }),
    );
    const run = async (change: () => Promise<string>) => {
      document.title = await change();
    };
    show(
      <ChannelTagsManager
        channel={channel(5, 'Cats')}
        run={run}
        poll={(job) => pollJob(job, { delayMs: 1 })}
      />,
    );
    fireEvent.change(screen.getByLabelText('New magic tag'), { target: { value: 'cat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add magic tag' }));
    expect((await screen.findByRole('progressbar')).textContent).toBe(
      'Gathering GIFs tagged #cat…',
    );
    await vi.waitFor(() => expect(document.title).toBe('GIFs tagged #cat are in the channel.'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls).toEqual([
      'POST /api/v4/channel-magic-tags/ {"channel":5,"tag":"cat"}',
      'GET /api/v4/channels/retrieve-job/?job=job-1',
      'GET /api/v4/channels/retrieve-job/?job=job-1',
      'GET /api/v4/channels/retrieve-job/?job=job-1',
    ]);
  });

  it('asks 8 times, then says the job is still running', async () => {
    const calls = serve(() => json(200, { data: { status: 'STARTED' } }));
    expect(await pollJob('job-2', { delayMs: 1 })).toBe('running');
    expect(calls).toHaveLength(8);
  });
});
