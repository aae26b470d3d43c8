// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StickerPlacement } from './scene.ts';
import { StickerHandles } from './StickerHandles.tsx';
import { TagsField } from './TagsField.tsx';

afterEach(cleanup);

function Tags(props: { suggestions: { tag: string; confidence: number }[] }) {
  const [tags, setTags] = useState<string[]>(['rocket']);
  return (
    <TagsField
      tags={tags}
      suggestions={props.suggestions}
      suggesting={false}
      onChange={setTags}
      onSuggest={() => undefined}
    />
  );
}

describe('the maker’s tags', () => {
  it('adds typed tags on Enter and suggested ones as chips, which then leave the suggestions', () => {
    render(
      <Tags
        suggestions={[
          { tag: 'launch', confidence: 0.6 },
          { tag: 'Rocket', confidence: 0.3 },
        ]}
      />,
    );
    // "Rocket" is already chosen (case aside), so only "launch" is offered.
    expect(screen.getByRole('list', { name: 'Suggested tags' }).textContent).toBe('+ launch');
    fireEvent.click(screen.getByRole('button', { name: 'Add suggested tag launch (60%)' }));
    expect(screen.getByRole('list', { name: 'Tags of the GIF' }).textContent).toBe(
      'rocket×launch×',
    );
    expect(screen.queryByRole('list', { name: 'Suggested tags' })).toBeNull();
    expect(screen.getByText('No more suggestions.')).toBeTruthy();

    const input = screen.getByLabelText('Tags');
    fireEvent.change(input, { target: { value: 'space, night' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('list', { name: 'Tags of the GIF' }).textContent).toBe(
      'rocket×launch×space×night×',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag launch' }));
    expect(screen.getByRole('list', { name: 'Tags of the GIF' }).textContent).toBe(
      'rocket×space×night×',
    );
  });
});

function Stickers() {
  const [stickers, setStickers] = useState<StickerPlacement[]>([
    { key: 1, gifId: 'a', title: 'Star', url: '/a.webp', x: 0.5, y: 0.5, width: 0.2, aspect: 1 },
  ]);
  return <StickerHandles stickers={stickers} ratio={16 / 9} onChange={setStickers} />;
}

describe('sticker handles', () => {
  it('sit where the sticker is drawn and move, resize and go by keyboard', () => {
    render(<Stickers />);
    const handle = () => screen.getByRole('button', { name: /^Sticker Star/ });
    // 20% of the width; its height is 20% of the width too, so 35.6% of the height.
    expect(handle().style.left).toBe('40%');
    expect(parseFloat(handle().style.height)).toBeCloseTo(35.56, 1);
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(parseFloat(handle().style.left)).toBeCloseTo(42);
    fireEvent.keyDown(handle(), { key: '+' });
    expect(parseFloat(handle().style.width)).toBeCloseTo(23);
    fireEvent.keyDown(handle(), { key: 'Delete' });
    expect(screen.queryByRole('button', { name: /^Sticker Star/ })).toBeNull();
  });
});
