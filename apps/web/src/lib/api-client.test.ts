import { messageSchema } from '@rope/domain/messages';
import { describe, expect, it } from 'vitest';
import { readServerMessage } from './api-client';

describe('readServerMessage', () => {
  it('takes and refuses what the domain’s messageSchema takes and refuses', () => {
    const samples: unknown[] = [
      { key: 'validation.required' },
      { key: 'validation.between', params: { min: 1, max: 'ten' } },
      { key: 'x'.repeat(200) },
      { key: 'x'.repeat(201) },
      { key: 3 },
      { params: { min: 1 } },
      { key: 'validation.min', params: { min: true } },
      { key: 'validation.min', params: [1] },
      { key: 'validation.min', params: null },
      'validation.required',
      null,
    ];
    for (const sample of samples) {
      const parsed = messageSchema.safeParse(sample);
      expect(readServerMessage(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
