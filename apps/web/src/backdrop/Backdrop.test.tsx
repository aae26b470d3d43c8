// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backdrop, HIDE_CONTROLS_AFTER_MS, SHOW_EACH_MS } from './Backdrop.tsx';
import { pathOfSource, sourceOfPath } from './backdrop-source.ts';

const gif = (id: string, title: string, sticker = false) =>
  ({
    id,
    title,
    alt_text: '',
    is_sticker: sticker,
    images: { original: { url: `/m/${id}.gif`, mp4: `/m/${id}.mp4`, webp: `/m/${id}.webp` } },
  }) as unknown as Gif;

describe('the backdrop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const show = (onExit = vi.fn()) => {
    render(
      <Backdrop
        gifs={[gif('a', 'Alpha'), gif('b', 'Beta'), gif('s', 'Star', true)]}
        title="“cats”"
        shareUrl="http://x/backdrop/search/cats"
        onExit={onExit}
      />,
    );
    return onExit;
  };
  const during = (what: () => unknown) =>
    act(() => {
      what();
    });
  const tick = (ms: number) => during(() => vi.advanceTimersByTime(ms));
  const media = () => screen.getByTestId('backdrop').querySelector('.backdrop-media')!;

  it('shows each GIF for its time, loops the list, and plays stickers as images', () => {
    show();
    expect(media().getAttribute('src')).toBe('/m/a.mp4');
    expect(screen.getByText(/1 of 3 — Alpha/)).toBeTruthy();
    tick(SHOW_EACH_MS);
    expect(media().getAttribute('src')).toBe('/m/b.mp4');
    tick(SHOW_EACH_MS);
    expect(media().tagName).toBe('IMG');
    expect(media().getAttribute('src')).toBe('/m/s.webp');
    tick(SHOW_EACH_MS);
    expect(media().getAttribute('src')).toBe('/m/a.mp4');
  });

  it('hides its controls after a moment without the pointer, and shows them when it moves', () => {
    show();
    const backdrop = screen.getByTestId('backdrop');
    expect(backdrop.className).not.toContain('idle');
    tick(HIDE_CONTROLS_AFTER_MS);
    expect(backdrop.className).toContain('idle');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull(); // hidden from AT too
    during(() => fireEvent.pointerMove(window));
    expect(backdrop.className).not.toContain('idle');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('steps, pauses and leaves by keyboard', () => {
    const onExit = show();
    during(() => fireEvent.keyDown(window, { key: 'ArrowRight' }));
    expect(media().getAttribute('src')).toBe('/m/b.mp4');
    during(() => fireEvent.keyDown(window, { key: 'ArrowLeft' }));
    during(() => fireEvent.keyDown(window, { key: 'ArrowLeft' }));
    expect(media().getAttribute('src')).toBe('/m/s.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    tick(3 * SHOW_EACH_MS);
    expect(media().getAttribute('src')).toBe('/m/s.webp');
    during(() => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(onExit).toHaveBeenCalled();
  });
});

describe('backdrop paths', () => {
  it('round-trips every source, and names none for a path that means nothing', () => {
    for (const source of [
      { kind: 'trending' },
      { kind: 'search', term: 'cats & dogs' },
      { kind: 'channel', id: 42 },
      { kind: 'story', slug: 'good-news' },
    ] as const) {
      const path = pathOfSource(source);
      expect(sourceOfPath(decodeURIComponent(path.replace('/backdrop/', '')))).toEqual(source);
    }
    for (const bad of ['nope', 'channel/abc', 'channel/0', 'search', 'trending/x', 'story'])
      expect(sourceOfPath(bad), bad).toBeNull();
  });
});
