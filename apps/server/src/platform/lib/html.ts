/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON text made safe inside `<script type="application/json">`: `<`, `>` and `&` as \u escapes,
 * so no `</script>` or `<!--` in a string ends or changes the element, and U+2028/U+2029 too
 * (line breaks to a JavaScript parser). The escapes only occur inside JSON strings, where they
 * mean the same characters, so JSON.parse reads back the same value.
 */
function scriptJsonText(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value as JSON for a `<script type="application/json">` (see scriptJsonText). */
export const scriptJson = (value: unknown): string => scriptJsonText(JSON.stringify(value));
