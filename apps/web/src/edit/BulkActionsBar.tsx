import { useId, useState } from 'react';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { parseTags, type BulkAction } from './bulk-edit.ts';
import { LanguageSelect } from './LanguageSelect.tsx';

const RATINGS = ['g', 'pg', 'pg-13', 'r'];

/**
 * The actions on the selected GIFs: tags added or removed, rating, sticker, language, delete.
 * Each field's label sits in one column and its controls in the next (on a phone, above them).
 */
export function BulkActionsBar(props: {
  count: number;
  busy: boolean;
  onApply: (action: BulkAction) => void;
}) {
  const id = useId();
  const [tags, setTags] = useState('');
  const [lang, setLang] = useState('');
  // Chosen, then applied by their buttons: a select applied on change would apply each rating
  // a keyboard user arrows past to every selected GIF.
  const [rating, setRating] = useState('');
  const [type, setType] = useState('');
  const gifs = `${props.count} GIF${props.count === 1 ? '' : 's'}`;
  const disabled = props.count === 0 || props.busy;
  const tagList = parseTags(tags);
  return (
    <fieldset className="bulk-bar" disabled={disabled}>
      <legend>
        {props.count === 0 ? 'Select GIFs to edit them' : `Edit ${props.count} selected`}
      </legend>
      <div className="edit-rows">
        <label htmlFor={`${id}-tags`}>Tags</label>
        <div className="edit-controls">
          <input
            id={`${id}-tags`}
            value={tags}
            placeholder="dance, party"
            onChange={(event) => setTags(event.target.value)}
          />
          <button
            type="button"
            className="secondary"
            disabled={tagList.length === 0}
            onClick={() => props.onApply({ kind: 'add-tags', tags: tagList })}
          >
            Add tags
          </button>
          <button
            type="button"
            className="secondary"
            disabled={tagList.length === 0}
            onClick={() => props.onApply({ kind: 'remove-tags', tags: tagList })}
          >
            Remove tags
          </button>
        </div>
        <label htmlFor={`${id}-rating`}>Rating</label>
        <div className="edit-controls">
          <select
            id={`${id}-rating`}
            value={rating}
            onChange={(event) => setRating(event.target.value)}
          >
            <option value="">Choose a rating…</option>
            {RATINGS.map((each) => (
              <option key={each} value={each}>
                {each.toUpperCase()}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="secondary"
            disabled={rating === ''}
            onClick={() => props.onApply({ kind: 'rating', rating })}
          >
            Set rating
          </button>
        </div>
        <label htmlFor={`${id}-type`}>Type</label>
        <div className="edit-controls">
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">Choose a type…</option>
            <option value="gif">GIF</option>
            <option value="sticker">Sticker</option>
          </select>
          <button
            type="button"
            className="secondary"
            disabled={type === ''}
            onClick={() => props.onApply({ kind: 'sticker', isSticker: type === 'sticker' })}
          >
            Set type
          </button>
        </div>
        <label htmlFor={`${id}-lang`}>Language</label>
        <div className="edit-controls">
          <LanguageSelect
            id={`${id}-lang`}
            value={lang}
            placeholder="Choose a language…"
            onChange={setLang}
          />
          <button
            type="button"
            className="secondary"
            disabled={lang === ''}
            onClick={() => props.onApply({ kind: 'lang', lang })}
          >
            Set language
          </button>
        </div>
      </div>
      <div className="bulk-delete">
        {/* Deleting is for good: the site's confirmation dialog asks first. */}
        <ConfirmButton
          label="Delete"
          className="danger"
          title={`Delete ${gifs} for good?`}
          message="This cannot be undone."
          confirmLabel={`Delete ${gifs}`}
          onConfirm={() => props.onApply({ kind: 'delete' })}
        />
      </div>
    </fieldset>
  );
}
