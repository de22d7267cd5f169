import { describe, expect, it } from 'vitest';
import { issueMessage } from '../messages.ts';
import { evaluateRules, notificationSettingsBodySchema, notificationStatusColour, type RuleState } from './rules.ts';
import { isMuted } from './status.ts';

const settings = (rules: object[]) => ({ channels: ['email' as const], users: [1], rules: rules as never });

describe('notification rules', () => {
  it('validate unique types and threshold ranges, and drop rules without a type', () => {
    const parsed = notificationSettingsBodySchema.safeParse(
      settings([{ type: 'ropeHealth', threshold: 40 }, { threshold: 3 }]),
    );
    expect(parsed.success && parsed.data.rules).toEqual([{ type: 'ropeHealth', threshold: 40, reset: true }]);
    const duplicate = notificationSettingsBodySchema.safeParse(settings([{ type: 'damage' }, { type: 'damage' }]));
    expect(duplicate.error?.issues[0]?.message).toBe('Non unique type');
    const range = notificationSettingsBodySchema.safeParse(settings([{ type: 'ropeHealth', threshold: 101 }]));
    expect(range.error?.issues[0]?.message).toBe('Between 0 and 100');
    const missing = notificationSettingsBodySchema.safeParse(settings([{ type: 'smartropeThreshold' }]));
    expect(missing.error?.issues[0]?.message).toBe('A value needs to be provided for the field');
    expect(
      notificationSettingsBodySchema.safeParse(settings([{ type: 'smartropeThreshold', threshold: 1000 }])).success,
    ).toBe(true);
  });

  it('name every broken rule at once, by the index of the rule as sent', () => {
    const parsed = notificationSettingsBodySchema.safeParse({
      channels: [],
      users: [1],
      rules: [
        { type: 'damage' },
        {},
        { type: 'damage' },
        { type: 'smartropeThreshold', threshold: 1001 },
        { type: 'ropeHealth' },
      ],
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issueMessage(issue).key])).toEqual([
      ['rules.3.threshold', 'validation.max'],
      ['channels', 'validation.channelRequired'],
      ['rules.2.type', 'validation.nonUniqueType'],
      ['rules.3.threshold', 'validation.between'],
      ['rules.4.threshold', 'validation.required'],
    ]);
  });

  it('tell whether a rule type is muted: only an entry switched off mutes it', () => {
    expect(isMuted([{ type: 'damage', isEnabled: false }], 'damage')).toBe(true);
    expect(isMuted([{ type: 'damage', isEnabled: true }], 'damage')).toBe(false);
    expect(isMuted([], 'damage')).toBe(false);
  });

  it('require a channel and a recipient as soon as there is a rule', () => {
    const rules = [{ type: 'damage' }];
    const noChannel = notificationSettingsBodySchema.safeParse({ channels: [], users: [1], rules });
    expect(noChannel.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['channels', 'Choose at least one channel for the rules to be sent on'],
    ]);
    const noRecipient = notificationSettingsBodySchema.safeParse({ channels: ['sms'], users: [], rules });
    expect(noRecipient.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['users']);
    // Without rules nothing is sent, so nothing is required; a typeless row counts as no rule.
    expect(notificationSettingsBodySchema.safeParse({ channels: [], users: [], rules: [{}] }).success).toBe(true);
  });

  it('fire a health rule once when crossed, re-arm on recovery with reset, never again without', () => {
    const withReset = settings([{ type: 'ropeHealth', threshold: 50, reset: true }]);
    const states = new Map<string, RuleState>();
    const health = (id: string, value: number) => ({ kind: 'health' as const, id, ropeId: 7, health: value });
    const first = evaluateRules(1, withReset, [], health('a', 45), states);
    expect(first.fired).toEqual([
      { type: 'ropeHealth', threshold: 50, idempotencyKey: '1:ropeHealth:health:a', value: 45 },
    ]);
    states.set('ropeHealth', { isArmed: false });
    expect(evaluateRules(1, withReset, [], health('b', 40), states).fired).toEqual([]);
    expect(evaluateRules(1, withReset, [], health('c', 60), states).states).toEqual([
      { ruleType: 'ropeHealth', isArmed: true, value: 60 },
    ]);
    const noReset = settings([{ type: 'ropeHealth', threshold: 50, reset: false }]);
    expect(evaluateRules(1, noReset, [], health('d', 60), states).states).toEqual([]);
  });

  it('treat an unknown rope health as neither a crossing nor a recovery: no notification, the state kept', () => {
    const rule = settings([{ type: 'ropeHealth', threshold: 50, reset: true }]);
    const unknown = { kind: 'health' as const, id: 'u', ropeId: 7, health: null };
    for (const isArmed of [true, false]) {
      const evaluation = evaluateRules(1, rule, [], unknown, new Map([['ropeHealth', { isArmed }]]));
      expect(evaluation).toEqual({ fired: [], states: [] });
    }
    // Fired before the settings lost an input: once computable again and still low, it does not fire twice.
    const fired = new Map([['ropeHealth', { isArmed: false }]]);
    const low = { kind: 'health' as const, id: 'v', ropeId: 7, health: 30 };
    expect(evaluateRules(1, rule, [], low, fired).fired).toEqual([]);
    // Armed while unknown and computable below the threshold afterwards: it fires then, once.
    expect(evaluateRules(1, rule, [], low, new Map()).fired).toHaveLength(1);
  });

  it('fire event-type rules by recording type or event type, new documents and smartrope thresholds', () => {
    const all = settings([
      { type: 'damage' },
      { type: 'mrtInspection' },
      { type: 'newDocument' },
      { type: 'smartropeThreshold', threshold: 500 },
    ]);
    const damage = evaluateRules(
      2,
      all,
      [],
      { kind: 'event', id: 9, ropeId: 1, recordingType: 'damage', type: 'wireBreak' },
      new Map(),
    );
    expect(damage.fired.map((rule) => rule.type)).toEqual(['damage']);
    const mrt = evaluateRules(
      2,
      all,
      [],
      { kind: 'event', id: 10, ropeId: 1, recordingType: 'measurement', type: 'mrtInspection' },
      new Map(),
    );
    expect(mrt.fired.map((rule) => rule.type)).toEqual(['mrtInspection']);
    expect(
      evaluateRules(2, all, [], { kind: 'document', id: 3, installationId: 2 }, new Map()).fired.map(
        (rule) => rule.type,
      ),
    ).toEqual(['newDocument']);
    expect(
      evaluateRules(
        2,
        all,
        [],
        { kind: 'smartrope', smartropeEventId: 4, measuredAt: '2026-03-01T10:00:00Z', ropeId: 1, value: 501 },
        new Map(),
      ).fired.map((r) => r.type),
    ).toEqual(['smartropeThreshold']);
  });

  it('give every measurement of one smartrope event its own notification key, and a repeated one the same', () => {
    const rule = settings([{ type: 'smartropeThreshold', threshold: 500, reset: true }]);
    const measurement = (measuredAt: string) =>
      ({ kind: 'smartrope', smartropeEventId: 4, measuredAt, ropeId: 1, value: 600 }) as const;
    const keyOf = (trigger: ReturnType<typeof measurement>) =>
      evaluateRules(1, rule, [], trigger, new Map()).fired.map((fired) => fired.idempotencyKey);
    const first = keyOf(measurement('2026-03-01T10:00:00Z'));
    const second = keyOf(measurement('2026-03-01T10:00:01Z'));
    expect(first).toEqual([`1:smartropeThreshold:smartrope:4:${Date.parse('2026-03-01T10:00:00Z')}`]);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(keyOf(measurement('2026-03-01T10:00:00.000Z'))).toEqual(first);
  });

  it('notify once per smartrope event over the threshold: an event that settles back re-arms the rule', () => {
    const event = (id: number, value: number, settledValue?: number) =>
      ({
        kind: 'smartrope',
        smartropeEventId: id,
        measuredAt: '2026-03-01T10:00:00Z',
        ropeId: 1,
        value,
        ...(settledValue === undefined ? {} : { settledValue }),
      }) as const;
    const run = (reset: boolean, events: ReturnType<typeof event>[]) => {
      const rule = settings([{ type: 'smartropeThreshold', threshold: 500, reset }]);
      const states = new Map<string, { isArmed: boolean }>();
      let notified = 0;
      for (const trigger of events) {
        const evaluation = evaluateRules(1, rule, [], trigger, states);
        notified += evaluation.fired.length;
        for (const state of evaluation.states) states.set(state.ruleType, { isArmed: state.isArmed });
      }
      return { notified, armed: states.get('smartropeThreshold')?.isArmed ?? true };
    };
    expect(run(true, [event(1, 900, 320), event(2, 880, 300), event(3, 450, 310)])).toEqual({
      notified: 2,
      armed: true,
    });
    // Without reset the rule fires once for the rope, whatever follows.
    expect(run(false, [event(1, 900, 320), event(2, 880, 300)])).toEqual({ notified: 1, armed: false });
    // An event that ends above the threshold keeps the rule quiet until a value below it arrives.
    expect(run(true, [event(1, 900, 700), event(2, 880, 300), event(3, 870, 300)])).toEqual({
      notified: 2,
      armed: true,
    });
  });

  it('fire nothing for muted rules and colour the status button', () => {
    const rules = settings([{ type: 'damage' }, { type: 'newDocument' }]);
    const muted = [{ type: 'damage' as const, isEnabled: false }];
    expect(
      evaluateRules(
        1,
        rules,
        muted,
        { kind: 'event', id: 1, ropeId: 1, recordingType: 'damage', type: 'wear' },
        new Map(),
      ).fired,
    ).toEqual([]);
    expect(notificationStatusColour(rules, [])).toBe('default');
    expect(notificationStatusColour(rules, muted)).toBe('warning');
    expect(notificationStatusColour(rules, [...muted, { type: 'newDocument', isEnabled: false }])).toBe('error');
    expect(notificationStatusColour(null, muted)).toBe('default');
  });
});
