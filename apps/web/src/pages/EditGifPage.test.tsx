// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditGifPage from './EditGifPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const walrus = {
  id: 'aaa',
  title: 'Walrus',
  tags: ['ocean'],
  alt_text: '',
  source_post_url: null,
  rating: 'g',
  is_sticker: false,
  lang: 'en',
  visibility: 'public',
};

/** The instance's languages, as `GET /ajax/languages` names them. */
const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
];

function serve(extended: unknown[]) {
  const sent: string[] = [];
  const spanish = ['morsa'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? init.body : '';
      if (url === '/login/check')
        return json(200, { data: { logged_in: true, user: { id: 'u', username: 'ann' } } });
      if (url.startsWith('/ajax/gifs/extended-metadata')) return json(200, { data: extended });
      if (url === '/ajax/languages') return json(200, { data: LANGUAGES });
      if (url.endsWith('/tag-translations'))
        return json(200, {
          data: { gif_id: 'aaa', lang: 'en', translations: { en: ['ocean'], es: spanish } },
        });
      sent.push(`${init.method} ${url} ${body}`);
      if (url.endsWith('/language-tags')) {
        spanish.push(...(JSON.parse(body) as { tags: string[] }).tags);
        return json(200, { data: { gif_id: 'aaa', lang: 'es', tags: spanish } });
      }
      const edit = JSON.parse(body) as { key: string; value: unknown };
      return edit.key === 'rating'
        ? json(403, { error: { code: 'forbidden', message: 'You may not rate this GIF.' } })
        : json(200, { data: { ...walrus, [edit.key]: edit.value } });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/edit/gifs/aaa']}>
        <Routes>
          <Route path="/edit/gifs/:id" element={<EditGifPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('/edit/gifs/:id: one GIF’s fields and its language tags', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves the accepted fields and puts back a refused one with the server’s message', async () => {
    const sent = serve([walrus]);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Seal' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: 'r' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'rating: You may not rate this GIF.',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Rating').value).toBe('g');
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Seal');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Seal');
    expect(sent).toEqual([
      'POST /ajax/gif/update {"gif_id":"aaa","key":"title","value":"Seal"}',
      'POST /ajax/gif/update {"gif_id":"aaa","key":"rating","value":"r"}',
    ]);
  });

  it('offers the instance’s languages by name, keeping a GIF’s language it does not list', async () => {
    serve([{ ...walrus, lang: 'ja' }]);
    const language = await screen.findByLabelText<HTMLSelectElement>('Language', {
      selector: '.gif-fields select',
    });
    await vi.waitFor(() =>
      expect([...language.options].map((option) => option.text)).toEqual([
        'ja',
        'English',
        'French',
        'Spanish',
      ]),
    );
    expect(language.value).toBe('ja');
    // Alt text says what a screen reader reads without it: the title and the other tags.
    expect(screen.getByText(/Without it, screen readers say “Walrus: ocean”\./)).toBeTruthy();
  });

  it('lists tags in other languages by name and adds some in a language chosen by name', async () => {
    const sent = serve([walrus]);
    expect(await screen.findByText('morsa')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Spanish' })).toBeTruthy();
    const language = screen.getAllByLabelText<HTMLSelectElement>('Language')[1]!;
    fireEvent.change(language, { target: { value: 'es' } });
    fireEvent.change(screen.getByLabelText('Tags in it'), { target: { value: 'Mar, hielo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add language tags' }));
    expect(await screen.findByText('hielo')).toBeTruthy();
    expect(sent).toEqual(['POST /ajax/gif/aaa/language-tags {"lang":"es","tags":["mar","hielo"]}']);
  });

  it('says a taken-down GIF cannot be edited instead of offering a form that would fail', async () => {
    serve([{ ...walrus, status: 'removed' }]);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Walrus was taken down');
    expect(screen.getByText(/A moderator took this GIF down, so it can’t be edited/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tags in other languages' })).toBeNull();
  });

  it('says so when the id is none of the user’s GIFs', async () => {
    serve([]);
    expect((await screen.findByText(/None of your GIFs has that id/)).textContent).toContain(
      'Your GIFs',
    );
  });
});
