import { useInstanceLanguages } from './instance-languages.ts';

/**
 * A choice among the instance's languages. A GIF uploaded through the API may be in a language
 * the instance does not stem (`ja`): that value stays offered, so showing the form changes
 * nothing by itself. `placeholder` is a first, empty choice ("Set language…").
 */
export function LanguageSelect(props: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  placeholder?: string;
}) {
  const languages = useInstanceLanguages();
  const list = languages.data ?? [];
  const unlisted = props.value !== '' && !list.some((language) => language.code === props.value);
  return (
    <select
      id={props.id}
      value={props.value}
      aria-busy={languages.isPending || undefined}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.placeholder === undefined ? null : <option value="">{props.placeholder}</option>}
      {unlisted ? <option value={props.value}>{props.value}</option> : null}
      {languages.isError ? <option disabled>Languages could not be loaded</option> : null}
      {list.map((language) => (
        <option key={language.code} value={language.code}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
