/**
 * An answer's JSON text, the same JSON.stringify gives, with each item of a list answer's `data`
 * serialized by `itemJson`, which may give text it kept from an earlier answer (see
 * PresentedGifCache.json): the GIFs of a page are most of its bytes.
 */
export function stringifyAnswer(answer: unknown, itemJson: (item: object) => string): string {
  if (!isObject(answer) || !Array.isArray(answer.data)) return JSON.stringify(answer);
  const { data, ...rest } = answer;
  const items = (data as unknown[]).map((item) =>
    item !== null && typeof item === 'object' ? itemJson(item) : JSON.stringify(item),
  );
  const others = JSON.stringify(rest);
  return `{"data":[${items.join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
