// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditGifsPage from './EditGifsPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const gif = (id: string, title: string, tags: string[]) => ({
  id,
  title,
  tags,
  alt_text: '',
  source_post_url: null,
  rating: 'g',
  is_sticker: false,
  lang: 'en',
  visibility: 'public',
  type: 'gif',
  status: 'ready',
  width: 100,
  height: 100,
  created_at: null,
  preview_url: null,
});

const GIFS = [
  gif('aaa', 'Walrus', ['ocean']),
  gif('bbb', 'Seal', ['ice']),
  gif('ccc', 'Otter', []),
];

/** The instance's languages, as `GET /ajax/languages` names them. */
const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
];

/** What the page's calls answer: the list, and `onChange` for each edit or delete. */
function serve(onChange: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/login/check')
        return json(200, {
          data: { logged_in: true, user: { id: 'u', username: 'ann', role: 'creator' } },
        });
      if (url.startsWith('/api/v1/users/me/gifs'))
        return json(200, { data: GIFS, pagination: { count: 3, next_cursor: null } });
      if (url === '/ajax/languages') return json(200, { data: LANGUAGES });
      calls.push(`${init.method} ${url} ${typeof init.body === 'string' ? init.body : ''}`);
      return onChange(url, init);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/edit/gifs']}>
        <EditGifsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const tagsOf = (name: string) =>
  within(screen.getByRole('list', { name: `Tags of ${name}` }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

async function select(...names: string[]) {
  for (const name of names) fireEvent.click(await screen.findByLabelText(`Select ${name}`));
}

describe('/edit/gifs: bulk edits, shown at once, rolled back when refused', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows added tags before the server answers, and keeps them when it accepts', async () => {
    const answers: ((unused: Response) => void)[] = [];
    const calls = serve(
      (_url, init) =>
        new Promise<Response>((resolve) => {
          const body = JSON.parse(init.body as string) as { gif_id: string; value: string[] };
          answers.push(() => resolve(json(200, { data: { id: body.gif_id, tags: body.value } })));
        }),
    );
    await select('Walrus', 'Seal');
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'Party, ocean' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    // Before any answer: both GIFs already show the tag.
    expect(await screen.findAllByText('party')).toHaveLength(2);
    expect(tagsOf('Walrus')).toEqual(['ocean', 'party']);
    expect(tagsOf('Seal')).toEqual(['ice', 'party', 'ocean']);
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    // The server accepts each call in turn (they go one at a time).
    for (let answered = 0; answered < 2; answered++) {
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      answers.shift()!(new Response());
    }
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(tagsOf('Walrus')).toEqual(['ocean', 'party']);
    expect(tagsOf('Seal')).toEqual(['ice', 'party', 'ocean']);
    expect(tagsOf('Otter')).toEqual([]);
    // The tags were read from each GIF and written back whole.
    expect(calls).toEqual([
      'POST /ajax/gif/update {"gif_id":"aaa","key":"tags","value":["ocean","party"]}',
      'POST /ajax/gif/update {"gif_id":"bbb","key":"tags","value":["ice","party","ocean"]}',
    ]);
  });

  it('rolls back the GIF the server refuses and shows its message in red', async () => {
    serve((_url, init) => {
      const body = JSON.parse(init.body as string) as { gif_id: string; value: unknown };
      return body.gif_id === 'bbb'
        ? json(409, {
            error: { code: 'gif_processing', message: 'This GIF is still being processed.' },
          })
        : json(200, { data: { id: body.gif_id, rating: body.value } });
    });
    await select('Walrus', 'Seal');
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: 'pg-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set rating' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Seal: This GIF is still being processed.');
    expect(alert.className).toBe('error');
    const facts = screen.getAllByText(/ · GIF · English/).map((p) => p.textContent);
    expect(facts).toEqual([
      'PG-13 · GIF · English · no alt text',
      'G · GIF · English · no alt text',
      'G · GIF · English · no alt text',
    ]);
  });

  it('sets the language of the selected GIFs from the instance’s languages, by name', async () => {
    const calls = serve((_url, init) => {
      const body = JSON.parse(init.body as string) as { gif_id: string; value: string };
      return json(200, { data: { id: body.gif_id, lang: body.value } });
    });
    await select('Otter');
    const language = screen.getByLabelText<HTMLSelectElement>('Language');
    await vi.waitFor(() =>
      expect([...language.options].map((option) => option.text)).toEqual([
        'Choose a language…',
        'English',
        'French',
        'Spanish',
      ]),
    );
    const setLanguage = screen.getByRole<HTMLButtonElement>('button', { name: 'Set language' });
    expect(setLanguage.disabled).toBe(true);
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.click(setLanguage);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls).toEqual(['POST /ajax/gif/update {"gif_id":"ccc","key":"lang","value":"fr"}']);
    expect(screen.getByText('G · GIF · French · no alt text')).toBeTruthy();
  });

  it('puts back a GIF whose delete is refused, after asking to confirm', async () => {
    serve(() =>
      json(403, { error: { code: 'forbidden', message: 'You may not delete this GIF.' } }),
    );
    await select('Otter');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 1 GIF for good?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 1 GIF' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Otter: You may not delete this GIF.',
    );
    expect(screen.getByText('Otter')).toBeTruthy();
  });

  it('asks in the site’s dialog: focus in it, Tab kept inside, Escape or Cancel deletes nothing', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const calls = serve(() => json(200, { data: {} }));
    await select('Walrus', 'Seal');
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 GIFs for good?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Delete 2 GIFs' }),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Walrus')).toBeTruthy();
    expect(calls).toEqual([]);
    // The browser's own confirm() is never used.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('selects all and deletes them, gone at once', async () => {
    const calls = serve(() => json(200, { data: {} }));
    fireEvent.click(await screen.findByLabelText('Select all'));
    expect(screen.getByText('Edit 3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 3 GIFs' }));
    await vi.waitFor(() => expect(screen.queryByText('Walrus')).toBeNull());
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[0]).toBe('DELETE /api/v1/gifs/aaa ');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
