import { useId, useState } from 'react';
import { addTags, MAX_TAGS } from './tag-list.ts';
import type { TagSuggestion } from './tag-suggestions.ts';

/**
 * The GIF's tags as removable chips, a box to type more (Enter or comma adds), and the
 * server's suggestions as chips that add themselves.
 */
export function TagsField(props: {
  tags: string[];
  suggestions: TagSuggestion[] | null;
  suggesting: boolean;
  onChange: (tags: string[]) => void;
  onSuggest: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const add = () => {
    props.onChange(addTags(props.tags, typed));
    setTyped('');
  };
  const chosen = new Set(props.tags.map((tag) => tag.toLowerCase()));
  const offered = (props.suggestions ?? []).filter((s) => !chosen.has(s.tag.toLowerCase()));
  return (
    <div className="maker-tags">
      <div className="form-field">
        <label htmlFor={`${id}-tag`}>Tags</label>
        <div className="maker-row">
          <input
            id={`${id}-tag`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="secondary" onClick={add} disabled={!typed.trim()}>
            Add tag
          </button>
        </div>
        <p className="hint">Up to {MAX_TAGS}; Enter or a comma adds one.</p>
      </div>
      {props.tags.length ? (
        <ul className="tag-chips" aria-label="Tags of the GIF">
          {props.tags.map((tag) => (
            <li key={tag}>
              {tag}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => props.onChange(props.tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="maker-row">
        <button
          type="button"
          className="secondary"
          onClick={props.onSuggest}
          disabled={props.suggesting}
        >
          {props.suggesting ? 'Looking…' : 'Suggest tags'}
        </button>
      </div>
      {props.suggestions && !offered.length ? <p className="hint">No more suggestions.</p> : null}
      {offered.length ? (
        <ul className="tag-chips suggested" aria-label="Suggested tags">
          {offered.map((s) => (
            <li key={s.tag}>
              <button
                type="button"
                aria-label={`Add suggested tag ${s.tag} (${Math.round(s.confidence * 100)}%)`}
                onClick={() => props.onChange(addTags(props.tags, s.tag))}
              >
                + {s.tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
