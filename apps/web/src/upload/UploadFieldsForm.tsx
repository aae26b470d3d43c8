import { ratings, type Rating } from '@jiffy/contracts';
import { useId } from 'react';
import { FormField } from '../account/FormField.tsx';
import { AltTextHint } from '../components/AltTextHint.tsx';
import { MAX_ALT_TEXT, type UploadFields, type uploadFieldErrors } from './upload-fields.ts';

/** The batch's title, tags, alt text, source, rating and sticker switch. */
export function UploadFieldsForm(props: {
  fields: UploadFields;
  errors: ReturnType<typeof uploadFieldErrors>;
  onChange: (fields: UploadFields) => void;
}) {
  const ratingId = useId();
  const altId = useId();
  const altError = props.errors.alt_text;
  const { fields } = props;
  const set =
    <K extends keyof UploadFields>(name: K) =>
    (value: UploadFields[K]) =>
      props.onChange({ ...fields, [name]: value });
  return (
    <fieldset className="upload-fields">
      <legend>About these uploads</legend>
      <FormField
        label="Title"
        name="title"
        value={fields.title}
        error={props.errors.title}
        onChange={set('title')}
      />
      <FormField
        label="Tags (separated by commas)"
        name="tags"
        value={fields.tags}
        error={props.errors.tags}
        onChange={set('tags')}
      />
      <div className="form-field">
        <label htmlFor={altId}>Alt text</label>
        <textarea
          id={altId}
          name="alt_text"
          rows={2}
          maxLength={MAX_ALT_TEXT}
          value={fields.alt_text}
          aria-invalid={altError ? true : undefined}
          aria-describedby={altError ? `${altId}-hint ${altId}-error` : `${altId}-hint`}
          onChange={(event) => set('alt_text')(event.target.value)}
        />
        <AltTextHint
          id={`${altId}-hint`}
          altText={fields.alt_text}
          title={fields.title}
          tags={fields.tags.split(',')}
        />
        {altError ? (
          <p id={`${altId}-error`} className="error" role="alert">
            {altError}
          </p>
        ) : null}
      </div>
      <FormField
        label="Source link"
        name="source_post_url"
        type="url"
        value={fields.source_post_url}
        error={props.errors.source_post_url}
        onChange={set('source_post_url')}
      />
      <div className="form-field">
        <label htmlFor={ratingId}>Rating</label>
        <select
          id={ratingId}
          value={fields.rating}
          onChange={(event) => set('rating')(event.target.value as Rating)}
        >
          {ratings.map((rating) => (
            <option key={rating} value={rating}>
              {rating.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          checked={fields.is_sticker}
          onChange={(event) => set('is_sticker')(event.target.checked)}
        />
        These are stickers (transparent background)
      </label>
    </fieldset>
  );
}
