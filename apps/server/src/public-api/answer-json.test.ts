import { describe, expect, it } from 'vitest';
import { stringifyAnswer } from './answer-json.ts';

describe('stringifyAnswer', () => {
  const kept = new Map<object, string>();
  const itemJson = (item: object) => kept.get(item) ?? JSON.stringify(item);

  it('gives the text JSON.stringify gives, for every shape of answer', () => {
    const gif = { id: 'a', title: 'Say "hi"\n', images: { original: { url: 'u' } } };
    for (const answer of [
      { data: [gif, gif], pagination: { total_count: 2, count: 2, offset: 0 }, meta: { s: 1 } },
      { data: [gif], meta: { status: 200, response_id: 'x' } },
      { data: [] },
      { data: ['tag', 3, null] },
      { data: gif, meta: {} },
      { data: { tags: [] } },
      'plain',
      null,
    ])
      expect(stringifyAnswer(answer, itemJson)).toBe(JSON.stringify(answer));
  });

  it('writes the kept text of an item instead of serializing it again', () => {
    const gif = { id: 'a' };
    kept.set(gif, '{"id":"kept"}');
    expect(JSON.parse(stringifyAnswer({ data: [gif], meta: {} }, itemJson))).toEqual({
      data: [{ id: 'kept' }],
      meta: {},
    });
  });
});
