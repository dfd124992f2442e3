import { describe, expect, it } from 'vitest';
import { serializeQuery } from './querySerializer';

describe('serializeQuery', () => {
  it('repeats arrays', () => {
    expect(serializeQuery({ a: [1, 2] })).toBe('a=1&a=2');
  });

  it('writes nested objects in bracket form', () => {
    expect(serializeQuery({ a: { b: 1, c: { d: 'x' } } })).toBe('a[b]=1&a[c][d]=x');
  });

  it('repeats arrays inside nested objects', () => {
    expect(serializeQuery({ filter: { ids: [8, 9] } })).toBe('filter[ids]=8&filter[ids]=9');
  });

  it('percent-encodes keys and values but keeps the brackets', () => {
    expect(serializeQuery({ 'q s': 'a&b=c', n: { 'k/y': '日本' } })).toBe(
      'q%20s=a%26b%3Dc&n[k%2Fy]=%E6%97%A5%E6%9C%AC',
    );
  });

  it('leaves out undefined and null, keeps false and 0', () => {
    expect(serializeQuery({ a: undefined, b: null, c: false, d: 0 })).toBe('c=false&d=0');
  });

  it('writes dates as ISO strings', () => {
    expect(serializeQuery({ since: new Date('2026-01-02T03:04:05Z') })).toBe(
      'since=2026-01-02T03%3A04%3A05.000Z',
    );
  });

  it('is empty for no query', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
  });
});
