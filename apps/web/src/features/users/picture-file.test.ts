import { describe, expect, it } from 'vitest';
import { isPictureFile } from './picture-file';

describe('picture file', () => {
  it('accepts JPEG and PNG only', () => {
    expect(isPictureFile({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isPictureFile({ type: 'image/png', name: 'a' })).toBe(true);
    expect(isPictureFile({ type: '', name: 'Portrait.JPEG' })).toBe(true);
    expect(isPictureFile({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isPictureFile({ type: 'application/pdf', name: 'a.png' })).toBe(false);
  });
});
