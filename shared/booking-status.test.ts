// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BOOKING_RULES } from './booking-rules';
import { allowedActions, checkChange } from './booking-status';

const now = new Date('2027-03-01T09:00:00Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const notice = BOOKING_RULES.clientCancelNoticeHours;

describe('which status changes are allowed, and by whom', () => {
  it('lets the practitioner answer a request and cancel any active booking, at any time', () => {
    const soon = hoursFromNow(1);
    expect(allowedActions({ status: 'requested', start: soon }, 'practitioner', now)).toEqual([
      'confirm',
      'decline',
      'cancel',
      'move',
    ]);
    expect(allowedActions({ status: 'confirmed', start: soon }, 'practitioner', now)).toEqual([
      'cancel',
      'move',
    ]);
    for (const status of ['declined', 'cancelled'] as const)
      expect(allowedActions({ status, start: soon }, 'practitioner', now)).toEqual([]);
  });

  it('lets a client only cancel or move, and only until the notice period', () => {
    const later = hoursFromNow(notice + 1);
    expect(allowedActions({ status: 'requested', start: later }, 'client', now)).toEqual([
      'cancel',
      'move',
    ]);
    expect(allowedActions({ status: 'confirmed', start: later }, 'client', now)).toEqual([
      'cancel',
      'move',
    ]);
    expect(
      allowedActions({ status: 'confirmed', start: hoursFromNow(notice) }, 'client', now),
    ).toEqual([]);
    expect(
      checkChange('cancel', { status: 'confirmed', start: hoursFromNow(notice) }, 'client', now),
    ).toEqual({ ok: false, refusal: 'too-late' });
    expect(checkChange('confirm', { status: 'requested', start: later }, 'client', now)).toEqual({
      ok: false,
      refusal: 'not-allowed',
    });
    expect(checkChange('cancel', { status: 'declined', start: later }, 'client', now)).toEqual({
      ok: false,
      refusal: 'wrong-status',
    });
  });

  it('allows nothing but a decline once the start has come, to her as to the client', () => {
    const started = { status: 'requested' as const, start: now };
    expect(allowedActions(started, 'practitioner', now)).toEqual(['decline']);
    expect(checkChange('confirm', started, 'practitioner', now)).toEqual({
      ok: false,
      refusal: 'started',
    });
    const running = { status: 'confirmed' as const, start: hoursFromNow(-0.5) };
    expect(allowedActions(running, 'practitioner', now)).toEqual([]);
    expect(checkChange('move', running, 'practitioner', now)).toEqual({
      ok: false,
      refusal: 'started',
    });
    expect(checkChange('cancel', running, 'client', now)).toEqual({
      ok: false,
      refusal: 'started',
    });
    // A minute before: still hers to confirm, move or cancel.
    const soon = { status: 'requested' as const, start: hoursFromNow(1 / 60) };
    expect(allowedActions(soon, 'practitioner', now)).toEqual([
      'confirm',
      'decline',
      'cancel',
      'move',
    ]);
  });

  it('follows a changed notice period', () => {
    const booking = { status: 'confirmed' as const, start: hoursFromNow(30) };
    const rules = { ...BOOKING_RULES, clientCancelNoticeHours: 48 };
    expect(allowedActions(booking, 'client', now, rules)).toEqual([]);
    expect(allowedActions(booking, 'client', now)).toEqual(['cancel', 'move']);
  });
});
