import { ROLE_LABELS } from '@rope/domain/access/roles';
import { describe, expect, it } from 'vitest';
import english from '../../i18n/locales/en-US/users.json';

describe('role labels', () => {
  it('are the spec labels in English', () => {
    expect(english.roles).toEqual(ROLE_LABELS);
  });
});
