import { useId } from 'react';

/** A labelled input with its error (red, announced) under it. */
export function FormField(props: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? (
        <p id={`${id}-error`} className="error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
