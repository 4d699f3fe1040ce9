/**
 * The participation gate's scope (issue 11): units of the organisation tree, identity categories,
 * grades and a list of named readers — each criterion alone and together — and its place in the
 * gate's order (after the daily window, before the access code) with 40004.
 */
import { describe, expect, it } from 'vitest';
import { GATE, gateRefusal, inScope, type GateActivity, type GateReader, type ScopeReader } from '../src/rules/gate.js';

// An organisation 1 with units 10 (a faculty) and 11 (its department), and 20 (another faculty).
const reader = (over: Partial<ScopeReader> = {}): ScopeReader => ({ identity: 1, grade: 3, units: [11, 10, 1], listed: false, ...over });

describe('inScope', () => {
  it('lets everyone in when no criterion is given', () => {
    expect(inScope({}, reader())).toBe(true);
    expect(inScope({ unit_ids: [], identities: [], grades: [], whitelist_mode: 'ALL' }, reader({ identity: null, grade: null, units: [1] }))).toBe(true);
  });

  it('units: the reader unit itself, a unit above it, or the organisation; not a sibling or one below', () => {
    expect(inScope({ unit_ids: [11] }, reader())).toBe(true);
    expect(inScope({ unit_ids: [10] }, reader())).toBe(true);
    expect(inScope({ unit_ids: [1] }, reader())).toBe(true);
    expect(inScope({ unit_ids: [20] }, reader())).toBe(false);
    expect(inScope({ unit_ids: [20, 10] }, reader())).toBe(true);
    // a reader of the faculty itself is not inside its department
    expect(inScope({ unit_ids: [11] }, reader({ units: [10, 1] }))).toBe(false);
    // a reader without a unit belongs to the organisation only
    expect(inScope({ unit_ids: [10] }, reader({ units: [1] }))).toBe(false);
    expect(inScope({ unit_ids: [1] }, reader({ units: [1] }))).toBe(true);
  });

  it('identity categories: listed ones only; a reader without one is out', () => {
    expect(inScope({ identities: [1, 5] }, reader())).toBe(true);
    expect(inScope({ identities: [5] }, reader())).toBe(false);
    expect(inScope({ identities: [1] }, reader({ identity: null }))).toBe(false);
  });

  it('grades: listed ones only; a reader without one is out', () => {
    expect(inScope({ grades: [3, 4] }, reader())).toBe(true);
    expect(inScope({ grades: [4] }, reader())).toBe(false);
    expect(inScope({ grades: [3] }, reader({ grade: null }))).toBe(false);
  });

  it('a reader list: only the readers on it', () => {
    expect(inScope({ whitelist_mode: 'LIST' }, reader({ listed: true }))).toBe(true);
    expect(inScope({ whitelist_mode: 'LIST' }, reader({ listed: false }))).toBe(false);
    // without a list, being named somewhere else does not matter
    expect(inScope({ whitelist_mode: 'ALL' }, reader({ listed: false }))).toBe(true);
  });

  it('every criterion given must hold', () => {
    const scope = { unit_ids: [10], identities: [1], grades: [3], whitelist_mode: 'LIST' as const };
    expect(inScope(scope, reader({ listed: true }))).toBe(true);
    expect(inScope(scope, reader({ listed: false }))).toBe(false);
    expect(inScope(scope, reader({ listed: true, units: [20, 1] }))).toBe(false);
    expect(inScope(scope, reader({ listed: true, identity: 2 }))).toBe(false);
    expect(inScope(scope, reader({ listed: true, grade: 4 }))).toBe(false);
  });
});

describe('the gate and the scope', () => {
  const now = 1_750_000_000;
  const activity = (over: Partial<GateActivity> = {}): GateActivity => ({
    is_delete: 0,
    is_tmp: 0,
    is_pause: 0,
    start_at: now - 100,
    end_at: now + 100,
    state: null,
    daily_from: '',
    daily_to: '',
    scope: {},
    access_code: '',
    need_real: 0,
    ...over,
  });
  const person = (over: Partial<GateReader> = {}): GateReader => ({ ...reader(), real_name: '读者', phone: '13900000000', ...over });

  it('answers 40004 您不在本活动参与范围 for a reader out of any criterion', () => {
    for (const scope of [{ unit_ids: [20] }, { identities: [5] }, { grades: [9] }, { whitelist_mode: 'LIST' as const }]) {
      expect(gateRefusal(activity({ scope }), person(), { now })).toEqual(GATE.outOfScope);
    }
    expect(GATE.outOfScope).toMatchObject({ gate: 40004, status: 403, message: '您不在本活动参与范围' });
    expect(gateRefusal(activity({ scope: { unit_ids: [10], whitelist_mode: 'LIST' } }), person({ listed: true }), { now })).toBeNull();
  });

  it('checks the scope after the window and before the access code and the blacklist', () => {
    const out = { unit_ids: [20] };
    expect(gateRefusal(activity({ scope: out, start_at: now + 10 }), person(), { now })?.gate).toBe(40001);
    expect(gateRefusal(activity({ scope: out, access_code: 'X' }), person(), { now })?.gate).toBe(40004);
    expect(gateRefusal(activity({ scope: out }), person(), { now, ban: { until: null, reason: '' } })?.gate).toBe(40004);
    expect(gateRefusal(activity({ scope: { unit_ids: [10] } }), person(), { now, ban: { until: '2030-01-01 00:00', reason: '预约未到场3次' } })).toMatchObject({
      gate: 40005,
      message: '因预约未到场3次，您已被限制参与该功能，至2030-01-01 00:00',
    });
  });
});
