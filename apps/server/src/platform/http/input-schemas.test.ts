import { describe, expect, it } from 'vitest';
import { wholeNumber } from './input-schemas.ts';

describe('wholeNumber', () => {
  const schema = wholeNumber(0, 100);

  it('reads a JSON number or decimal digits in range', () => {
    for (const [input, read] of [
      [0, 0],
      [100, 100],
      ['7', 7],
      ['007', 7],
    ] as const) {
      expect(schema.parse(input)).toBe(read);
    }
  });

  it('refuses what a plain coercion would take for a number, and out of range', () => {
    const refused = [true, false, null, [8], ['8'], {}, '', ' 5', '5 ', '+5', '-1', '0x1A'];
    refused.push('1e1', '1.0', '2.5', 2.5, -1, 101, '101', Number.NaN, Infinity, '9'.repeat(17));
    for (const input of refused) {
      const result = schema.safeParse(input);
      expect([input, result.success]).toEqual([input, false]);
      expect(result.error?.issues[0]?.message).toBe('a whole number from 0 to 100');
    }
  });
});
