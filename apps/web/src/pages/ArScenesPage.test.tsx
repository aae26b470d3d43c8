// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ArScenesPage from './ArScenesPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A sticker as the public API presents it. */
const star = {
  type: 'sticker',
  id: 's1',
  slug: 'star-s1',
  title: 'Star',
  images: {
    original: { url: '/media/gifs/s1/original.gif', width: '80', height: '80' },
    fixed_width: { url: '/media/gifs/s1/200w.gif', webp: '/media/gifs/s1/200w.webp' },
    fixed_width_small_still: { url: '/media/gifs/s1/100w_s.gif' },
  },
};

/** The site's answers: who is signed in, trending stickers, a sticker's bytes. */
function serve(user: { username: string } | null) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/login/check') return json({ data: { logged_in: !!user, user } });
    if (url.includes('/v1/stickers/trending'))
      return json({ data: [star], pagination: { total_count: 1, count: 1, offset: 0 } });
    if (url.endsWith('.webp')) return new Response(new Blob([new Uint8Array(8)]));
    return json({});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** jsdom decodes no pictures: a decoded bitmap is its size (what the page reads of it). */
function decodesAs(width: number, height: number) {
  const decode = vi.fn(
    async (_source: unknown, options?: { resizeWidth?: number; resizeHeight?: number }) => ({
      width: options?.resizeWidth ?? width,
      height: options?.resizeHeight ?? height,
      close: () => undefined,
    }),
  );
  vi.stubGlobal('createImageBitmap', decode);
  return decode;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/ar-scenes']}>
        <ArScenesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Photo from this device'), {
    target: { files: [file] },
  });

const photo = () => new File([new Uint8Array(16)], 'lake.jpg', { type: 'image/jpeg' });

describe('/ar-scenes', () => {
  beforeEach(() => {
    // jsdom draws nothing: the preview finds no 2-D context and skips drawing.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refuses a file that is not a picture, and one the browser cannot decode', async () => {
    serve(null);
    const decode = decodesAs(10, 10);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AR scenes');
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('“notes.txt” is not a picture. Choose a photo (JPEG, PNG, WebP…).'),
    ).toBeTruthy();
    expect(decode).not.toHaveBeenCalled();

    decode.mockRejectedValueOnce(new DOMException('bad', 'InvalidStateError'));
    choose(new File([new Uint8Array(4)], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByText(/“broken\.png” is not a picture/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of the scene' })).toBeNull();
  });

  it('disables the camera with its reason: no API, no camera, permission refused', async () => {
    serve(null);
    decodesAs(10, 10);
    // jsdom has no navigator.mediaDevices at all.
    const first = renderPage();
    const camera = () => screen.getByRole('button', { name: 'Use the camera' });
    // Disabled while it looks, then with its reason, which describes the button.
    const why = await screen.findByText(
      'This browser cannot use a camera here (it needs a secure page).',
    );
    expect((camera() as HTMLButtonElement).disabled).toBe(true);
    expect(camera().getAttribute('aria-describedby')).toBe(why.id);
    first.unmount();

    const devices = {
      enumerateDevices: vi.fn(async () => [] as MediaDeviceInfo[]),
      getUserMedia: vi.fn(async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      }),
    };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: devices });
    const second = renderPage();
    expect(await screen.findByText('No camera was found on this device.')).toBeTruthy();
    expect((camera() as HTMLButtonElement).disabled).toBe(true);
    second.unmount();

    devices.enumerateDevices.mockResolvedValue([{ kind: 'videoinput' } as MediaDeviceInfo]);
    renderPage();
    await waitFor(() => expect((camera() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(camera());
    expect(await screen.findByText(/^Camera access was denied/)).toBeTruthy();
    expect((camera() as HTMLButtonElement).disabled).toBe(true);
    expect(devices.getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  });

  it('scales a big photo down, places a sticker that buttons and keys resize and remove, and asks a visitor to log in to upload', async () => {
    serve(null);
    const decode = decodesAs(4000, 3000);
    renderPage();
    choose(photo());
    expect(await screen.findByRole('img', { name: 'Preview of the scene' })).toBeTruthy();
    // 4000×3000 to 1080 on the long side; the GIF at the maker's 480.
    expect(decode).toHaveBeenLastCalledWith(expect.anything(), {
      resizeWidth: 1080,
      resizeHeight: 810,
      resizeQuality: 'high',
    });
    expect(screen.getByText('GIF 480×360; PNG 1080×810')).toBeTruthy();
    expect(screen.getByText('lake.jpg', { exact: false })).toBeTruthy();
    expect(screen.getByText('No stickers placed yet.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add sticker Star' }));
    const handle = () => screen.getByRole('button', { name: /^Sticker Star/ });
    await waitFor(() => handle());
    expect(handle().style.left).toBe('35%');
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(parseFloat(handle().style.left)).toBeCloseTo(37);
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge sticker Star' }));
    expect(parseFloat(handle().style.width)).toBeCloseTo(34.5);
    fireEvent.click(screen.getByRole('button', { name: 'Shrink sticker Star' }));
    expect(parseFloat(handle().style.width)).toBeCloseTo(30);
    fireEvent.click(screen.getByRole('button', { name: 'Remove sticker Star' }));
    expect(screen.queryByRole('button', { name: /^Sticker Star/ })).toBeNull();
    expect(screen.getByText('No stickers placed yet.')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Save as PNG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as GIF' })).toBeTruthy();
    const upload = screen.getByRole('heading', { name: '4. Upload to Jiffy' }).parentElement!;
    expect(within(upload).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?next=%2Far-scenes',
    );
    expect(screen.queryByRole('button', { name: 'Upload to Jiffy' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Choose another' }));
    expect(screen.getByLabelText('Photo from this device')).toBeTruthy();
  });

  it('gives a signed-in user the maker’s upload form', async () => {
    serve({ username: 'scener' });
    decodesAs(640, 480);
    renderPage();
    choose(photo());
    await screen.findByRole('img', { name: 'Preview of the scene' });
    // Not enlarged: a small photo keeps its size.
    expect(screen.getByText('GIF 480×360; PNG 640×480')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Upload to Jiffy' })).toBeTruthy();
    expect(screen.getByLabelText('Title')).toBeTruthy();
    expect(screen.getByLabelText('Rating')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suggest tags' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
