import { SlottedJson } from '../gifs/index.ts';

const DATA_OPEN = SlottedJson.of('{"data":[');
const COMMA = SlottedJson.of(',');

/**
 * An answer's JSON, the text JSON.stringify gives, with each item of a list answer's `data`
 * serialized by `itemJson`, which may give bytes kept from an earlier answer (see
 * SerializedGifCache): the GIFs of a page are most of its bytes, and joining their kept bytes
 * copies nothing (a response copies them once, see SlottedJson) where serializing and encoding
 * the whole answer cost a pass each.
 */
export function encodeAnswer(
  answer: unknown,
  itemJson: (item: object) => SlottedJson,
): SlottedJson {
  if (!isObject(answer) || !Array.isArray(answer.data)) {
    return SlottedJson.stringify(answer);
  }
  const { data, ...rest } = answer;
  const pieces: SlottedJson[] = [DATA_OPEN];
  (data as unknown[]).forEach((item, i) => {
    if (i > 0) pieces.push(COMMA);
    pieces.push(
      item !== null && typeof item === 'object' ? itemJson(item) : SlottedJson.stringify(item),
    );
  });
  const others = JSON.stringify(rest);
  pieces.push(others === '{}' ? SlottedJson.of(']}') : SlottedJson.of(`],${others.slice(1)}`));
  return SlottedJson.concat(pieces);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
