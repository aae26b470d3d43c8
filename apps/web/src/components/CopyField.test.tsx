// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS } from '@jiffy/embed/use-copied';
import { CopyField } from './CopyField.tsx';

describe('CopyField', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies the value, says so for a moment, then offers to copy again', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      clipboard: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    });
    vi.useFakeTimers();
    render(<CopyField label="Link" value="https://jiffy.example/gifs/abc" />);
    const button = screen.getByRole('button');
    await act(async () => fireEvent.click(button));
    expect(copied).toEqual(['https://jiffy.example/gifs/abc']);
    expect(button.textContent).toBe('Copied');

    // A second copy before the moment is over is shown for a whole moment of its own.
    await act(async () => vi.advanceTimersByTime(COPIED_MS - 500));
    await act(async () => fireEvent.click(button));
    await act(async () => vi.advanceTimersByTime(COPIED_MS - 500));
    expect(button.textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(500));
    expect(button.textContent).toBe('Copy');
    expect(copied).toHaveLength(2);
  });
});
