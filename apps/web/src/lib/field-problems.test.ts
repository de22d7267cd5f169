import { describe, expect, it } from 'vitest';
import { type FieldLabel, fieldsToProblems, problemLines } from './field-problems';

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
    expect(problemLines(fieldsToProblems({ 'rope.attributes.nominalDiameter': 'Too small' }), label)).toEqual([
      'Nominal diameter: Too small',
    ]);
  });

  it('never shows a technical path: an unknown field reads as its last name, messages are translated', () => {
    expect(
      problemLines([{ path: ['attributes', 'splices', 2], message: 'bad' }], label, (text) => text.toUpperCase()),
    ).toEqual(['splices: BAD']);
    expect(problemLines([{ path: [], message: 'Invalid input' }], label)).toEqual(['Invalid input']);
  });
});
