import { gifAltText } from '@jiffy/contracts/alt-text';

/**
 * What an alt text field is for, under it: while the field is empty, what a screen reader says
 * for the GIF instead (the shared rule's title and tags), so a creator sees why writing one helps.
 */
export function AltTextHint(props: { id: string; altText: string; title: string; tags: string[] }) {
  const fallback = gifAltText({ title: props.title, tags: props.tags });
  return (
    <p id={props.id} className="field-hint">
      Describe what happens in it, for people who can’t see it.
      {props.altText.trim() ? null : ` Without it, screen readers say “${fallback}”.`}
    </p>
  );
}
