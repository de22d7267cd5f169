import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps paths of this site with their query', () => {
    expect(safeNextPath('/users')).toBe('/users');
    expect(safeNextPath('/areas/1/installations/2?tab=ropes')).toBe('/areas/1/installations/2?tab=ropes');
  });

  it('turns other sites, odd paths and the login screen into the start page', () => {
    for (const next of [
      null,
      undefined,
      '',
      'users',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/x\\y',
      '/a\nb',
      '/login',
      '/login?next=/users',
      '/login/reset/abc',
    ]) {
      expect(safeNextPath(next)).toBe('/');
    }
  });

  it('keeps paths that only start like the login screen', () => {
    expect(safeNextPath('/loginhelp')).toBe('/loginhelp');
  });
});

describe('loginPathFor', () => {
  it('adds the encoded path as next, except for the start page', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/users?page=2')).toBe('/login?next=%2Fusers%3Fpage%3D2');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
