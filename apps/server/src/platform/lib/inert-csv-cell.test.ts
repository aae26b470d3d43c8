import { describe, expect, it } from 'vitest';
import { inertCsvCell } from './inert-csv-cell.ts';

describe('inertCsvCell', () => {
  it('puts an apostrophe before a formula at the start of a cell', () => {
    expect(inertCsvCell('=HYPERLINK("http://evil.example","click, me")')).toBe(
      `'=HYPERLINK("http://evil.example","click, me")`,
    );
    for (const start of ['+', '-', '@', '\t=', '\r=', '＝', '＋', '－', '＠'])
      expect(inertCsvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    // Spaces and quotes before the formula do not hide it.
    expect(inertCsvCell(' "=1+1')).toBe(` "'=1+1`);
  });

  it('does the same wherever another delimiter would start a new cell', () => {
    expect(inertCsvCell('cats;=cmd|"/c calc"')).toBe(`cats;'=cmd|"/c calc"`);
    expect(inertCsvCell('a,=1\nb,@SUM(A1)')).toBe(`a,'=1\nb,'@SUM(A1)`);
    expect(inertCsvCell('tag one | -2+3')).toBe(`tag one | '-2+3`);
    expect(inertCsvCell('a\t+1')).toBe(`a\t'+1`);
  });

  it('leaves text without a formula, and values that are not text, as they are', () => {
    expect(inertCsvCell('Happy dance, party time')).toBe('Happy dance, party time');
    expect(inertCsvCell('a-b = c')).toBe('a-b = c');
    expect(inertCsvCell(-5)).toBe(-5);
    expect(inertCsvCell(null)).toBe(null);
  });
});
