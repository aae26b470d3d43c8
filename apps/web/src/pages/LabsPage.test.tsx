// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagSuggestions } from '../tag-suggestions/TagSuggestions.tsx';
import LabsPage from './LabsPage.tsx';
import SearchPage from './SearchPage.tsx';
import { stubResizeObserver } from '../../testing/resize-observer.ts';

vi.mock('../tag-suggestions/frames-of-file.ts', () => ({
  framesOfFile: async () => ['data:image/png;base64,iVBORw0KGgo='],
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{node}</MemoryRouter>
  </QueryClientProvider>
);

describe('/labs', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ data: [], pagination: { total_count: 0, count: 0, offset: 0 }, meta: {} }),
      ),
    );
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the experiments with switches that change what the other pages show', () => {
    render(
      wrap(
        <>
          <LabsPage />
          <SearchPage />
        </>,
      ),
    );
    const backdrop = screen.getByRole<HTMLInputElement>('switch', { name: 'Backdrop' });
    const suggestions = screen.getByRole<HTMLInputElement>('switch', {
      name: 'Suggested tags when uploading',
    });
    expect(backdrop.checked).toBe(true);
    expect(suggestions.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Play as a backdrop' })).toBeTruthy();
    fireEvent.click(backdrop);
    expect(screen.queryByRole('link', { name: 'Play as a backdrop' })).toBeNull();
    // Kept in this browser: a page opened later finds it off.
    cleanup();
    render(wrap(<LabsPage />));
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Backdrop' }).checked).toBe(false);
  });
});

describe('suggested tags', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the prediction with the file’s frames and offers the tags not yet there', async () => {
    const fetch = vi.fn(async () =>
      json({
        data: {
          tags: [
            { tag: 'ocean', confidence: 0.8 },
            { tag: 'blue', confidence: 0.5 },
          ],
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onAdd = vi.fn();
    render(
      wrap(
        <TagSuggestions
          file={new File(['x'], 'wave.gif', { type: 'image/gif' })}
          tags={['blue']}
          onAdd={onAdd}
        />,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '#ocean' }));
    expect(onAdd).toHaveBeenCalledWith('ocean');
    expect(screen.queryByRole('button', { name: '#blue' })).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/tags/prediction/');
    expect(JSON.parse(init.body as string)).toEqual({
      frames: ['data:image/png;base64,iVBORw0KGgo='],
    });
  });
});
