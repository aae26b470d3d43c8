// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoryEditorPage from './StoryEditorPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const own = (id: string, title: string) => ({
  id,
  title,
  tags: [],
  status: 'ready',
  visibility: 'public',
  preview_url: `/media/${id}.webp`,
});
const UPLOADS = [own('aaa', 'Walrus'), own('bbb', 'Seal'), own('ccc', 'Otter')];

const gif = (id: string, title: string) => ({
  id,
  title,
  images: { fixed_width_small: { url: `/media/${id}.gif` } },
});
const SAVED = {
  story_id: 's1',
  slug: 'sea-life',
  title: 'Sea life',
  description: '',
  cover_gif: gif('aaa', 'Walrus'),
  gifs: [
    { gif: gif('aaa', 'Walrus'), caption: 'Big.', link: null },
    { gif: gif('bbb', 'Seal'), caption: 'Sleek.', link: null },
  ],
  user: { username: 'ann' },
  tags: ['sea'],
  is_published: true,
  publish_datetime: '2020-01-01T10:00:00.000Z',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Where the router is, for a test to read (the history entry a reload would open). */
let current: Location | undefined;
function LocationProbe() {
  current = useLocation();
  return null;
}

/** The editor at `path`, its calls answered by `onSave` (writes) and fixed data (reads). */
function open(
  path: string | Partial<Location>,
  onSave: (call: Call) => Response = () => json(201, { data: SAVED }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/login/check')
        return json(200, { data: { logged_in: true, user: { username: 'ann', role: 'creator' } } });
      // Two pages of uploads: the picker shows the second when asked.
      if (url.startsWith('/api/v1/users/me/gifs'))
        return url.endsWith('cursor=n1')
          ? json(200, { data: [own('ddd', 'Puffin')], pagination: { count: 1, next_cursor: null } })
          : json(200, { data: UPLOADS, pagination: { count: 3, next_cursor: 'n1' } });
      const call = {
        method: init.method ?? 'GET',
        url: url.split('?')[0]!,
        body: init.body ? (JSON.parse(init.body as string) as unknown) : null,
      };
      calls.push(call);
      if (call.method === 'GET' && call.url === '/x/v1/stories/s1')
        return json(200, { data: SAVED });
      return onSave(call);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/stories/new" element={<StoryEditorPage />} />
          <Route path="/dashboard/stories/:id" element={<StoryEditorPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const order = () =>
  [...screen.getByRole('list', { name: 'GIFs in the story' }).children].map(
    (item) => item.querySelector('strong')?.textContent,
  );

async function addUploads(...titles: string[]) {
  for (const title of titles)
    fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
}

describe('the story editor', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reorders with the move buttons and by drag, and saves that order with POST when new', async () => {
    const calls = open('/dashboard/stories/new');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Sea life' } });
    await addUploads('Walrus', 'Seal', 'Otter');
    expect(order()).toEqual(['1. Walrus', '2. Seal', '3. Otter']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Walrus down' }));
    expect(order()).toEqual(['1. Seal', '2. Walrus', '3. Otter']);
    expect(screen.getByRole('button', { name: 'Move Seal up' }).hasAttribute('disabled')).toBe(
      true,
    );

    // Drag the Otter onto the first place.
    const items = [...screen.getByRole('list', { name: 'GIFs in the story' }).children];
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
    };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    expect(order()).toEqual(['1. Otter', '2. Seal', '3. Walrus']);

    fireEvent.change(screen.getByLabelText('Caption for Seal'), { target: { value: 'Sleek.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('heading', { name: 'Edit story' });
    // The new story becomes its own page (which loads it), and the status line still says so.
    const reads = () => calls.filter((call) => call.method === 'GET');
    await waitFor(() => expect(reads()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Published.'));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        url: '/x/v1/stories',
        body: {
          title: 'Sea life',
          description: '',
          cover_gif_id: null,
          tags: [],
          items: [
            { gif_id: 'ccc', caption: '', link: null },
            { gif_id: 'bbb', caption: 'Sleek.', link: null },
            { gif_id: 'aaa', caption: '', link: null },
          ],
          is_published: true,
          publish_datetime: null,
        },
      },
    ]);
    // Saved: no unsaved changes are left for a reload to bring back.
    expect(localStorage.getItem('jiffy:story-draft:new')).toBeNull();
  });

  it('adds an upload from past the first page of uploads once more are asked for', async () => {
    open('/dashboard/stories/new');
    await screen.findByRole('button', { name: 'Add Otter' });
    expect(screen.queryByRole('button', { name: 'Add Puffin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More uploads' }));
    await addUploads('Puffin');
    expect(order()).toEqual(['1. Puffin']);
    expect(screen.queryByRole('button', { name: 'More uploads' })).toBeNull();
  });

  it('says a notice carried from the save once: a reload of the page does not say it again', async () => {
    open({ pathname: '/dashboard/stories/s1', state: { notice: 'Published.' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Published.'));
    await waitFor(() => expect(current?.state).toBeNull());
    const entry = current!;
    cleanup();
    open(entry); // the reload: the same history entry
    await screen.findByDisplayValue('Sea life');
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Published.');
  });

  it('saves a story that has a story_id with PUT, keeping its own publish time', async () => {
    const calls = open('/dashboard/stories/s1', () => json(200, { data: SAVED }));
    fireEvent.change(await screen.findByLabelText('Title'), {
      target: { value: 'Sea life, again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Published.');
    const put = calls.find((call) => call.method !== 'GET');
    expect(put).toMatchObject({
      method: 'PUT',
      url: '/x/v1/stories/s1',
      body: {
        title: 'Sea life, again',
        cover_gif_id: 'aaa',
        tags: ['sea'],
        is_published: true,
        publish_datetime: '2020-01-01T10:00:00.000Z',
      },
    });
  });

  it('brings unsaved changes back after a reload, until they are discarded', async () => {
    open('/dashboard/stories/s1');
    fireEvent.change(await screen.findByDisplayValue('Sea life'), {
      target: { value: 'Half written' },
    });
    fireEvent.change(screen.getByLabelText('Caption for Seal'), {
      target: { value: 'Still typing' },
    });
    cleanup(); // The reload: the page goes, localStorage stays.

    open('/dashboard/stories/s1');
    expect(await screen.findByDisplayValue('Half written')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Caption for Seal').value).toBe(
      'Still typing',
    );
    expect(screen.getByRole('status').textContent).toContain('Unsaved changes restored.');

    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(await screen.findByDisplayValue('Sea life')).toBeTruthy();
    expect(localStorage.getItem('jiffy:story-draft:s1')).toBeNull();
  });

  it('shows a refusal in the server’s words and keeps the changes', async () => {
    const calls = open('/dashboard/stories/new', () =>
      json(422, {
        error: { code: 'time_in_past', message: 'publish_datetime is in the past.' },
      }),
    );
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Late' } });
    await addUploads('Seal');
    fireEvent.change(screen.getByLabelText('Publish at (leave empty for now)'), {
      target: { value: '2001-01-01T10:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('publish_datetime is in the past.');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { is_published: true, publish_datetime: new Date('2001-01-01T10:00').toISOString() },
    });
    expect(screen.getByRole('heading', { name: 'New story' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('jiffy:story-draft:new')).toContain('Late'));
  });
});
