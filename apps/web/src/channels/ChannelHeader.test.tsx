// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelHeader } from './ChannelHeader.tsx';
import { channel, gif } from './channel-test-kit.tsx';

const header = (c: Parameters<typeof ChannelHeader>[0]['channel']) =>
  render(
    <MemoryRouter>
      <ChannelHeader channel={c} />
    </MemoryRouter>,
  );

describe('a channel’s header', () => {
  afterEach(cleanup);

  it('shows the banner across the top and the featured GIF, linked to its page', () => {
    const { container } = header(
      channel(5, 'Cats', {
        banner_image: '/media/aaa/still.png',
        featured_gif: gif('bbb', 'Seal'),
      }),
    );
    expect(container.querySelector('img.channel-banner')?.getAttribute('src')).toBe(
      '/media/aaa/still.png',
    );
    const featured = screen.getByRole('figure', { name: 'Featured GIF' });
    expect(featured.querySelector('img')?.getAttribute('src')).toBe('/media/bbb/200.gif');
    expect(screen.getByRole('link', { name: 'Seal' }).getAttribute('href')).toBe('/gifs/seal-bbb');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cats');
  });

  it('says Hidden on a channel only its managers see, and shows no pictures it has not got', () => {
    const { container } = header(channel(5, 'Cats', { is_visible: false }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('CatsHidden');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows a root channel’s featured GIF beside its owner', () => {
    header(
      channel(1, 'Ann', {
        is_root: true,
        user: { username: 'ann', display_name: 'Ann A' } as never,
        featured_gif: gif('bbb', 'Seal'),
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ann A');
    expect(screen.getByRole('figure', { name: 'Featured GIF' })).toBeTruthy();
  });
});
