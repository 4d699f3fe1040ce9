/**
 * The pure parts of an offline check-in (issue 23): the rotating sign-in code (30-second slots, the
 * previous one still accepted) and the order in which a check-in is refused.
 */
import { describe, expect, it } from 'vitest';
import { OFFLINE_DEFAULTS, offlineConfigOf, type OfflineConfig } from '@huodong/domain';
import { checkinRefusal, type Attempt, type ReservationRow } from '../src/kinds/offline/checkin.js';
import { codeAccepted, codeOfSlot, currentCode, slotOf } from '../src/kinds/offline/signCode.js';

const SECRET = 'c2Vzc2lvbi1zZWNyZXQtZm9yLXRlc3RzLTAx';

describe('the rotating sign-in code', () => {
  const t0 = 1_800_000_000; // a slot boundary (divisible by 30)
  it('is 8 characters of base64url, the same within a slot and another in the next', () => {
    const a = currentCode(SECRET, t0);
    expect(a.code).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(currentCode(SECRET, t0 + 29).code).toBe(a.code);
    expect(currentCode(SECRET, t0 + 30).code).not.toBe(a.code);
    expect(a.expires_at).toBe(t0 + 30);
    expect(codeOfSlot('another-secret-entirely-000000000', slotOf(t0))).not.toBe(a.code);
  });

  it('accepts the current and the previous slot, not the one before nor a forged one', () => {
    const { code } = currentCode(SECRET, t0);
    expect(codeAccepted(SECRET, code, t0 + 10)).toBe(true);
    expect(codeAccepted(SECRET, code, t0 + 59)).toBe(true);
    expect(codeAccepted(SECRET, code, t0 + 60)).toBe(false);
    expect(codeAccepted(SECRET, 'AAAAAAAA', t0)).toBe(false);
    expect(codeAccepted(SECRET, code.slice(0, 7), t0)).toBe(false);
    expect(codeAccepted(SECRET, undefined, t0)).toBe(false);
  });
});

describe('the order of a check-in refusal', () => {
  const start = 1_800_000_000;
  const session = { id: 7, start_at: start, end_at: start + 7200, checkin_secret: SECRET, lng: 114.05, lat: 22.54 } as Attempt['session'];
  const confirmed = { id: 1, session_id: 7, status: 'confirmed', checked_in_at: null, checked_out_at: null } as unknown as ReservationRow;
  const cfg = (over: Partial<OfflineConfig> = {}) => offlineConfigOf({ ...OFFLINE_DEFAULTS, ...over });
  const attempt = (over: Partial<Attempt> = {}): Attempt => ({ method: 'staff', type: 1, config: cfg(), session, reservation: confirmed, banned: false, at: start, ...over });

  it('reads the reservation first', () => {
    expect(checkinRefusal(attempt({ reservation: undefined }))).toBe('not_reserved');
    expect(checkinRefusal(attempt({ reservation: { ...confirmed, session_id: 8 } }))).toBe('wrong_session');
    expect(checkinRefusal(attempt({ reservation: { ...confirmed, status: 'cancelled' } }))).toBe('canceled');
    expect(checkinRefusal(attempt({ reservation: { ...confirmed, status: 'pending' } }))).toBe('not_approved');
    expect(checkinRefusal(attempt({ reservation: { ...confirmed, status: 'waitlisted' } }))).toBe('not_reserved');
    expect(checkinRefusal(attempt({ reservation: { ...confirmed, status: 'waitlisted' }, at: start - 86_400 }))).toBe('not_reserved');
  });

  it('then the blacklist, the mode and sign-out being off, then the window', () => {
    expect(checkinRefusal(attempt({ banned: true }))).toBe('blocked');
    expect(checkinRefusal(attempt({ banned: true, method: 'admin' }))).toBeNull();
    expect(checkinRefusal(attempt({ config: cfg({ checkin_mode: 'self' }) }))).toBe('mode_refused');
    expect(checkinRefusal(attempt({ method: 'self', config: cfg({ checkin_mode: 'staff' }) }))).toBe('mode_refused');
    expect(checkinRefusal(attempt({ type: 2 }))).toBe('sign_out_off');
    expect(checkinRefusal(attempt({ at: start - 31 * 60 }))).toBe('not_open');
    expect(checkinRefusal(attempt({ at: start - 30 * 60 }))).toBeNull();
    expect(checkinRefusal(attempt({ at: start + 31 * 60 }))).toBe('closed');
    expect(checkinRefusal(attempt({ at: start + 31 * 60, force: true }))).toBeNull();
    expect(checkinRefusal(attempt({ at: start + 31 * 60, method: 'admin' }))).toBeNull();
  });

  it('a reader scanning: the rotating code and the geofence', () => {
    const self = (over: Partial<Attempt>) => attempt({ method: 'self', ...over });
    expect(checkinRefusal(self({ config: cfg({ rotating_code: 1 }), code: 'AAAAAAAA' }))).toBe('code_expired');
    expect(checkinRefusal(self({ config: cfg({ rotating_code: 1 }), code: currentCode(SECRET, start - 30).code }))).toBeNull();
    expect(checkinRefusal(self({ config: cfg({ geofence: 1, geofence_m: 300 }), position: { lng: 114.05, lat: 22.541 } }))).toBeNull();
    expect(checkinRefusal(self({ config: cfg({ geofence: 1, geofence_m: 300 }), position: { lng: 114.06, lat: 22.55 } }))).toBe('out_of_range');
    // the staff's scan is not geofenced
    expect(checkinRefusal(attempt({ config: cfg({ geofence: 1 }), position: null }))).toBeNull();
  });

  it('then what was recorded: twice in, out before in, twice out', () => {
    const signOut = cfg({ sign_out: 1 });
    const inside = { ...confirmed, checked_in_at: start };
    expect(checkinRefusal(attempt({ reservation: inside }))).toBe('already_checked_in');
    expect(checkinRefusal(attempt({ type: 2, config: signOut, at: start + 7200 }))).toBe('not_checked_in');
    expect(checkinRefusal(attempt({ type: 2, config: signOut, at: start + 7200, reservation: inside }))).toBeNull();
    expect(checkinRefusal(attempt({ type: 2, config: signOut, at: start + 7200, reservation: { ...inside, checked_out_at: start + 7200 } }))).toBe('already_checked_out');
    expect(checkinRefusal(attempt({ type: 2, config: signOut, at: start, reservation: inside }))).toBe('not_open');
  });
});
