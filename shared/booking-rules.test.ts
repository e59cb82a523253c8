// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BOOKING_RULES,
  RULE_SENTENCES,
  daysText,
  feeSentences,
  hoursText,
  isLateCancellation,
  refundPence,
  ruleSentences,
} from './booking-rules';

describe('the sentences that state the booking rules', () => {
  it('say today’s numbers', () => {
    expect(RULE_SENTENCES.tooSoon).toBe(
      'Sessions can be requested from 24 hours ahead. Choose a later time.',
    );
    expect(RULE_SENTENCES.tooFar).toBe(
      'Sessions can be requested up to 8 weeks ahead. Choose an earlier time.',
    );
    expect(RULE_SENTENCES.cancelTooLate).toBe(
      'Sessions can be cancelled here until 24 hours before they start. Please phone or email the practice.',
    );
    expect(RULE_SENTENCES.tooManyRequests).toMatch(/^You already have 3 requests waiting/);
  });

  it('follow a changed rule, every one of them', () => {
    const changed = ruleSentences({
      ...BOOKING_RULES,
      minimumNoticeHours: 48,
      horizonDays: 84,
      maxOpenRequests: 1,
      clientCancelNoticeHours: 1,
    });
    expect(changed.tooSoon).toBe(
      'Sessions can be requested from 2 days ahead. Choose a later time.',
    );
    expect(changed.tooFar).toBe(
      'Sessions can be requested up to 12 weeks ahead. Choose an earlier time.',
    );
    expect(changed.tooManyRequests).toMatch(/^You already have 1 requests? waiting/);
    for (const sentence of [
      changed.cancelTooLate,
      changed.cancelPolicy,
      changed.cancelReminder,
      changed.calendarCancel,
    ]) {
      expect(sentence).toContain('1 hour before');
      expect(sentence).not.toContain('24');
    }
    expect(changed.horizon).toBe('12 weeks');
  });

  it('name durations as a person would', () => {
    expect([1, 2, 24, 36, 48, 72].map(hoursText)).toEqual([
      '1 hour',
      '2 hours',
      '24 hours',
      '36 hours',
      '2 days',
      '3 days',
    ]);
    expect([1, 10, 7, 56].map(daysText)).toEqual(['1 day', '10 days', '1 week', '8 weeks']);
  });
});

describe('the refund rule', () => {
  const startsAt = new Date('2026-12-10T10:00:00Z');
  const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * 3_600_000);
  const base = { startsAt, feePence: 6000, paidPence: 6000 };

  it('refunds a client cancellation made with the notice period, to the minute', () => {
    expect(refundPence({ ...base, cancelledBy: 'client', cancelledAt: at(24) })).toBe(6000);
    expect(refundPence({ ...base, cancelledBy: 'client', cancelledAt: at(23.99) })).toBe(0);
  });

  it('always refunds what the practice cancels, never more than was paid', () => {
    expect(refundPence({ ...base, cancelledBy: 'practitioner', cancelledAt: at(1) })).toBe(6000);
    expect(
      refundPence({ ...base, paidPence: 2500, cancelledBy: 'practitioner', cancelledAt: at(1) }),
    ).toBe(2500);
  });

  it('follows a changed notice period, and says so', () => {
    const rules = { ...BOOKING_RULES, clientCancelNoticeHours: 48 };
    expect(refundPence({ ...base, cancelledBy: 'client', cancelledAt: at(30) }, rules)).toBe(0);
    expect(feeSentences({ feeText: '£60.00' }, rules).refund).toBe(
      'A session you cancel at least 2 days before it starts, or that the practice cancels, is refunded its fee of £60.00. A session cancelled later, or missed, is not refunded.',
    );
  });
});

describe('a late cancellation', () => {
  const startsAt = new Date('2027-03-03T12:00:00Z');
  const before = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);
  it('is one inside the notice period, the line the refund rule draws', () => {
    expect(isLateCancellation(startsAt, before(24))).toBe(false);
    expect(isLateCancellation(startsAt, before(23.99))).toBe(true);
    expect(isLateCancellation(startsAt, before(0))).toBe(true);
  });
});
