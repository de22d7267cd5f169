import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { type FieldLabel, problemLines, serverProblems } from './field-problems';

const labels: Record<string, string> = { name: 'Name', 'attributes.nominalDiameter': 'Nominal diameter' };
const label: FieldLabel = (path) => labels[(path[0] === 'rope' ? path.slice(1) : path).join('.')];

describe('field problems', () => {
  it('names fields by their labels, from zod paths and from the API answer alike', () => {
    expect(
      problemLines(
        [
          { path: ['attributes', 'nominalDiameter'], message: 'Too small' },
          { path: 'body.rope.name', message: 'Required' },
        ],
        label,
      ),
    ).toEqual(['Nominal diameter: Too small', 'Name: Required']);
    const t = ((key: string) => `text of ${key}`) as unknown as TFunction;
    const refused = new ApiError(
      400,
      'VALIDATION',
      'x',
      { 'rope.attributes.nominalDiameter': 'Too small' },
      {},
      {
        fieldKeys: { 'rope.attributes.nominalDiameter': { key: 'validation.min', params: { min: 0 } } },
      },
    );
    expect(problemLines(serverProblems(t, refused as ApiError & { fields: Record<string, string> }), label)).toEqual([
      'Nominal diameter: text of validation.min',
    ]);
  });

  it('never shows a technical path: an unknown field reads as its last name', () => {
    expect(problemLines([{ path: ['attributes', 'splices', 2], message: 'bad' }], label)).toEqual(['splices: bad']);
    expect(problemLines([{ path: [], message: 'Invalid input' }], label)).toEqual(['Invalid input']);
  });
});
