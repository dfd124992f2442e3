import { describe, expect, it } from 'vitest';
import { prefixTitle } from './documentTitle';

const en = (title: string) => `Error: ${title}`;
const ja = (title: string) => `エラー：${title}`;

describe('prefixTitle', () => {
  it('adds the prefix', () => {
    expect(prefixTitle('Sign in', en)).toBe('Error: Sign in');
    expect(prefixTitle('ログイン', ja)).toBe('エラー：ログイン');
  });

  it('does not add it twice', () => {
    expect(prefixTitle(prefixTitle('Sign in', en), en)).toBe('Error: Sign in');
  });
});
