import { describe, expect, it } from 'vitest';
import { findBadText, textProblem } from './input-guard.ts';

describe('textProblem', () => {
  it('finds NUL and unpaired surrogates, and nothing in ordinary text', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('\ud800')).toBe('surrogate');
    expect(textProblem('x\udc00y')).toBe('surrogate');
    expect(textProblem('\udc00\ud800')).toBe('surrogate');
    expect(textProblem('张三 ✈️😀 \u0001\t')).toBeNull();
    expect(textProblem('')).toBeNull();
  });
});

describe('findBadText', () => {
  it('names the path the validation errors use, keys included', () => {
    expect(findBadText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ problem: 'nul', field: 'a.1.c' });
    expect(findBadText({ a: { ['k\u0000']: 1 } })).toEqual({ problem: 'nul', field: 'a.k\u0000' });
    expect(findBadText('\ud800')).toEqual({ problem: 'surrogate', field: '_' });
    expect(findBadText({ keyword: 'a\u0000' }, 'query')).toEqual({ problem: 'nul', field: 'query.keyword' });
    expect(findBadText({ n: 1, b: true, z: null, list: ['a', 2] })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep)?.problem).toBe('nul');
  });
});
