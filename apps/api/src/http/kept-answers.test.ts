import { describe, expect, it } from 'vitest';
import { createKeptAnswers } from './kept-answers.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('kept answers', () => {
  it('answers a kept body only under the ETag it was made with', () => {
    const kept = createKeptAnswers(100);
    const body = bytes(10);
    kept.set('rope 1', 'W/"a"', body);
    expect(kept.get('rope 1', 'W/"a"')).toBe(body);
    expect(kept.get('rope 1', 'W/"b"')).toBeUndefined();
    expect(kept.get('rope 2', 'W/"a"')).toBeUndefined();
    kept.set('rope 1', 'W/"b"', bytes(20));
    expect(kept.get('rope 1', 'W/"a"')).toBeUndefined();
    expect(kept.size()).toEqual({ entries: 1, bytes: 20 });
  });

  it('drops the least recently used beyond its bytes, and never keeps one larger than all', () => {
    const kept = createKeptAnswers(100);
    kept.set('a', 'x', bytes(40));
    kept.set('b', 'x', bytes(40));
    expect(kept.get('a', 'x')).toBeDefined();
    kept.set('c', 'x', bytes(40));
    expect(kept.get('b', 'x')).toBeUndefined();
    expect(kept.get('a', 'x')).toBeDefined();
    expect(kept.get('c', 'x')).toBeDefined();
    expect(kept.size()).toEqual({ entries: 2, bytes: 80 });
    kept.set('d', 'x', bytes(101));
    expect(kept.get('d', 'x')).toBeUndefined();
    expect(kept.size()).toEqual({ entries: 2, bytes: 80 });
  });
});
