import { describe, expect, it } from 'vitest';
import { checkForm, formField } from '../../lib/domain-form';
import { fromLocalInput } from './datetime';
import {
  emptySplice,
  emptySplicePart,
  eventFormSpec,
  eventTabs,
  initialEventValues,
  tabOfError,
  toEventBody,
  toNumber,
} from './event-form';

const now = new Date('2025-01-02T03:04:00.000Z');
const defaults = { recordingType: 'damage' as const, reportedBy: 'Anna Muster', now };

describe('event form values', () => {
  it('starts a new damage at a position, now, reported by the user, found manually', () => {
    const values = initialEventValues(undefined, defaults);
    expect(values.isGlobal).toBe(false);
    expect(fromLocalInput(values.attributes.timestamp)).toBe(now.toISOString());
    expect(values.attributes).toMatchObject({
      recordingType: 'damage',
      type: 'wireBreak',
      actionStatus: 'new',
      detection: 'manual',
      reportedBy: 'Anna Muster',
      crossSectionLossUnit: 'percent',
    });
    expect(initialEventValues(undefined, { ...defaults, recordingType: 'measurement' }).isGlobal).toBe(true);
    expect(initialEventValues(undefined, { ...defaults, recordingType: 'mutation' }).attributes).toMatchObject({
      type: 'shortening',
      mutationRelevance: 'relevant',
    });
  });

  it('round-trips a stored splice inspection', () => {
    const stored = {
      position: null,
      attributes: {
        timestamp: '2024-05-01T08:00:00.000Z',
        recordingType: 'measurement' as const,
        type: 'spliceInspection' as const,
        actionStatus: 'seen' as const,
        isImported: false,
        bendingCycles: 1000,
        splices: [
          {
            positionStart: 100,
            positionEnd: 160,
            strandCount: 6,
            parts: [{ name: 'K1', type: 'knot' as const, diameterMin: 40, diameterMax: 42.5, isCorrosion: true }],
          },
        ],
      },
    };
    const values = initialEventValues(stored, defaults);
    expect(values.isGlobal).toBe(true);
    expect(values.attributes.reportedBy).toBe('');
    expect(toEventBody(values)).toEqual({
      position: null,
      attributes: {
        ...stored.attributes,
        splices: [
          {
            positionStart: 100,
            positionEnd: 160,
            strandCount: 6,
            knotCount: undefined,
            tuckTailCount: undefined,
            tuckTailEndCount: undefined,
            parts: [
              {
                ...emptyToUndefined(emptySplicePart('knot')),
                name: 'K1',
                diameterMin: 40,
                diameterMax: 42.5,
                isCorrosion: true,
              },
            ],
          },
        ],
        crossSectionLossUnit: undefined,
        damageCount: undefined,
        crossSectionLossAmount: undefined,
        positionEnd: undefined,
        lengthChange: undefined,
        mutationRelevance: undefined,
        operationHours: undefined,
        detection: undefined,
        description: undefined,
        reportedBy: undefined,
      },
    });
  });

  it('sends only what belongs to the type', () => {
    const values = initialEventValues(undefined, { ...defaults, recordingType: 'mutation' });
    values.position = 120;
    values.attributes.lengthChange = '-4,5';
    values.attributes.damageCount = 3;
    values.attributes.positionEnd = 130;
    values.attributes.splices = [emptySplice()];
    const body = toEventBody(values);
    expect(body.position).toBe(120);
    expect(body.attributes).toMatchObject({ lengthChange: -4.5, mutationRelevance: 'relevant' });
    expect(body.attributes.damageCount).toBeUndefined();
    expect(body.attributes.positionEnd).toBeUndefined();
    expect(body.attributes.splices).toBeUndefined();
    expect(body.attributes.detection).toBeUndefined();
  });

  it('reads numbers, blanks as not given', () => {
    expect(toNumber(3)).toBe(3);
    expect(toNumber(' ')).toBeUndefined();
    expect(toNumber('2,5')).toBe(2.5);
    expect(toNumber('x')).toBeNaN();
  });
});

describe('event form rules', () => {
  it('accepts a located damage and answers the request body', () => {
    const values = initialEventValues(undefined, defaults);
    values.position = 12.5;
    values.attributes.damageCount = 3;
    const checked = checkForm(eventFormSpec(7), values);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.data).toMatchObject({ rope: { id: 7 }, position: 12.5, attributes: { damageCount: 3 } });
    }
  });

  it('needs a position unless global, and applies the domain rules', () => {
    const values = initialEventValues(undefined, defaults);
    values.attributes.type = 'repairPiece';
    values.attributes.timestamp = '2999-01-01T00:00';
    values.attributes.damageCount = -1;
    const checked = checkForm(eventFormSpec(7), values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.messages).toMatchObject({
      position: { key: 'validation.required' },
      'attributes.damageCount': { key: 'validation.min', params: { min: 0 } },
    });
    expect(Object.keys(checked.messages)).toEqual(
      expect.arrayContaining(['attributes.timestamp', 'attributes.positionEnd']),
    );
  });

  it('names splice fields by their place, an empty position as required', () => {
    const values = initialEventValues(undefined, { ...defaults, recordingType: 'measurement' });
    values.attributes.type = 'spliceInspection';
    values.attributes.splices = [
      { ...emptySplice(), positionStart: 10, positionEnd: 5 },
      { ...emptySplice(), positionStart: 10 },
    ];
    const checked = checkForm(eventFormSpec(7), values);
    expect(checked.ok ? {} : checked.messages).toMatchObject({
      'attributes.splices.1.positionEnd': { key: 'validation.required' },
    });
    values.attributes.splices = [{ ...emptySplice(), positionStart: 10, positionEnd: 5 }];
    const reversed = checkForm(eventFormSpec(7), values);
    expect(reversed.ok ? {} : reversed.messages).toMatchObject({
      'attributes.splices.0.positionEnd': { key: 'events.validation.spliceEndsBeforeStart' },
    });
  });

  it('maps server and schema paths to inputs and inputs to tabs', () => {
    expect(formField(eventFormSpec(7), 'ropeEvent.attributes.reportedBy.name')).toBe('attributes.reportedBy');
    expect(formField(eventFormSpec(7), 'body.ropeEvent.position')).toBe('position');
    const damage = initialEventValues(undefined, defaults);
    expect(tabOfError('attributes.timestamp', damage)).toBe('general');
    expect(tabOfError('attributes.damageCount', damage)).toBe('specifics');
    expect(tabOfError('attributes.splices.2.parts.0.diameterMin', damage)).toBe('splice-2');
    const mutation = initialEventValues(undefined, { ...defaults, recordingType: 'mutation' });
    expect(tabOfError('attributes.lengthChange', mutation)).toBe('mutation');
    expect(tabOfError('attributes.positionEnd', mutation)).toBe('mutation');
    const mrt = initialEventValues(undefined, { ...defaults, recordingType: 'measurement' });
    expect(tabOfError('attributes.description', mrt)).toBe('mrt');
    expect(eventTabs(mrt)).toEqual({ specifics: false, mrt: true, splices: false, mutation: false });
  });
});

function emptyToUndefined(part: ReturnType<typeof emptySplicePart>) {
  return {
    name: part.name,
    type: part.type,
    position: undefined,
    length: undefined,
    diameterMin: undefined,
    diameterMax: undefined,
    brokenWireCount: undefined,
    looseWireCount: undefined,
    isTouchingStrands: undefined,
    isCorrosion: undefined,
    lubricantCondition: undefined,
    comment: undefined,
  };
}
