import { ratings, type Rating } from '@jiffy/contracts';
import { useId } from 'react';
import { FormField } from '../account/FormField.tsx';
import type { UploadFields, uploadFieldErrors } from './upload-fields.ts';

/** The batch's title, tags, source, rating and sticker switch. */
export function UploadFieldsForm(props: {
  fields: UploadFields;
  errors: ReturnType<typeof uploadFieldErrors>;
  onChange: (fields: UploadFields) => void;
}) {
  const ratingId = useId();
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
