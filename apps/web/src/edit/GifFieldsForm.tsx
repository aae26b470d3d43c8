import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { AltTextHint } from '../components/AltTextHint.tsx';
import { parseTags } from './bulk-edit.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { updateGifField, type EditableFields } from './own-gifs.ts';

type Draft = Omit<EditableFields, 'id' | 'tags' | 'source_post_url'> & {
  tags: string;
  source_post_url: string;
};

const draftOf = (gif: EditableFields): Draft => ({
  ...gif,
  tags: gif.tags.join(', '),
  source_post_url: gif.source_post_url ?? '',
});

/** What a draft field sends as its `value`. */
const valueOf = (draft: Draft, key: keyof Draft): unknown =>
  key === 'tags' ? parseTags(draft.tags) : draft[key];

/**
 * One GIF's fields; Save sends each changed one with `POST /ajax/gif/update`. The page shows the
 * new values at once; a field the server refuses goes back, with the server's message.
 */
export function GifFieldsForm({ gif, queryKey }: { gif: EditableFields; queryKey: unknown[] }) {
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(gif));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const field = (key: keyof Draft) => ({
    id: `${id}-${key}`,
    value: String(draft[key]),
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
  });

  async function save() {
    setSaving(true);
    const before = draftOf(gif);
    const changed = (Object.keys(draft) as (keyof Draft)[]).filter(
      (key) => String(draft[key]) !== String(before[key]),
    );
    const refused: string[] = [];
    let current = gif;
    let shown = draft;
    for (const key of changed) {
      try {
        current = await updateGifField(gif.id, key, valueOf(draft, key));
        client.setQueryData(queryKey, (old: object | undefined) => ({ ...old, ...current }));
      } catch (error) {
        refused.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
        shown = { ...shown, [key]: before[key] };
      }
    }
    setDraft({ ...shown, ...(refused.length === 0 ? draftOf(current) : {}) });
    setErrors(refused);
    setSaving(false);
  }

  return (
    <form
      className="gif-fields"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="edit-rows">
        <label htmlFor={`${id}-title`}>Title</label>
        <input {...field('title')} maxLength={140} />
        <label htmlFor={`${id}-tags`}>Tags (comma-separated)</label>
        <input {...field('tags')} />
        <label htmlFor={`${id}-alt_text`}>Alt text</label>
        <div className="edit-field">
          <textarea
            {...field('alt_text')}
            maxLength={500}
            rows={2}
            aria-describedby={`${id}-alt-hint`}
          />
          <AltTextHint
            id={`${id}-alt-hint`}
            altText={draft.alt_text}
            title={draft.title}
            tags={parseTags(draft.tags)}
          />
        </div>
        <label htmlFor={`${id}-source_post_url`}>Source URL</label>
        <input {...field('source_post_url')} type="url" />
        <label htmlFor={`${id}-rating`}>Rating</label>
        <select {...field('rating')}>
          {['g', 'pg', 'pg-13', 'r'].map((rating) => (
            <option key={rating} value={rating}>
              {rating.toUpperCase()}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-is_sticker`}>Type</label>
        <select
          id={`${id}-is_sticker`}
          value={String(draft.is_sticker)}
          onChange={(event) => setDraft({ ...draft, is_sticker: event.target.value === 'true' })}
        >
          <option value="false">GIF</option>
          <option value="true">Sticker</option>
        </select>
        <label htmlFor={`${id}-lang`}>Language</label>
        <LanguageSelect
          id={`${id}-lang`}
          value={draft.lang}
          onChange={(lang) => setDraft({ ...draft, lang })}
        />
        <label htmlFor={`${id}-visibility`}>Visibility</label>
        <select {...field('visibility')}>
          <option value="public">Public</option>
          <option value="unlisted">Unlisted</option>
        </select>
        <div className="edit-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      {errors.map((message) => (
        <ErrorMessage key={message} message={message} />
      ))}
    </form>
  );
}
