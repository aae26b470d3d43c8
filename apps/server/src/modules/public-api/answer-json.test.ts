import { describe, expect, it } from 'vitest';
import { RESPONSE_ID_SLOT } from '../gifs/gif.presenter.ts';
import { SlottedJson } from '../gifs/slotted-json.ts';
import { encodeAnswer } from './answer-json.ts';

describe('encodeAnswer', () => {
  const kept = new Map<object, SlottedJson>();
  const itemJson = (item: object) => kept.get(item) ?? SlottedJson.stringify(item);

  it('gives the text JSON.stringify gives, for every shape of answer', () => {
    const gif = { id: 'a', title: 'Say "hi" ünïcode\n', images: { original: { url: 'u' } } };
    for (const answer of [
      { data: [gif, gif], pagination: { total_count: 2, count: 2, offset: 0 }, meta: { s: 1 } },
      { data: [gif], meta: { status: 200, response_id: 'x' } },
      { data: [] },
      { data: ['tag', 3, null, undefined] },
      { data: gif, meta: {} },
      { data: { tags: [] } },
      'plain',
      null,
    ])
      expect(encodeAnswer(answer, itemJson).bytes.toString()).toBe(JSON.stringify(answer));
  });

  it('writes the kept bytes of an item instead of serializing it again', () => {
    const gif = { id: 'a' };
    kept.set(gif, SlottedJson.of('{"id":"kept"}'));
    expect(JSON.parse(encodeAnswer({ data: [gif], meta: {} }, itemJson).bytes.toString())).toEqual({
      data: [{ id: 'kept' }],
      meta: {},
    });
  });

  it('knows where every response-id slot stands, in the items and around them', () => {
    const encoded = Buffer.from(RESPONSE_ID_SLOT).toString('base64url');
    const gif = { id: 'é', payload: `e=${encoded}`, title: 'ünïcode before the slot' };
    const answer = encodeAnswer(
      { data: [gif, gif], meta: { response_id: RESPONSE_ID_SLOT } },
      itemJson,
    );
    const text = answer.bytes;
    expect(answer.encodedAt).toHaveLength(2);
    for (const at of answer.encodedAt)
      expect(text.subarray(at, at + encoded.length).toString()).toBe(encoded);
    expect(answer.rawAt).toHaveLength(1);
    expect(
      text.subarray(answer.rawAt[0], answer.rawAt[0]! + RESPONSE_ID_SLOT.length).toString(),
    ).toBe(RESPONSE_ID_SLOT);
  });
});
