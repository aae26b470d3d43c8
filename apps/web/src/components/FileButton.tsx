import { useId } from 'react';

/**
 * A button that opens the file picker: a styled label for a visually hidden file input, so it
 * stays reachable by keyboard and shows a focus ring.
 */
export function FileButton(props: {
  label: string;
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const inputId = useId();
  return (
    <span className="file-button">
      <label htmlFor={inputId} className="button secondary">
        {props.label}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple={props.multiple}
        accept={props.accept}
        onChange={(event) => {
          props.onFiles([...(event.target.files ?? [])]);
          // The same file chosen again is a new choice.
          event.target.value = '';
        }}
      />
    </span>
  );
}
