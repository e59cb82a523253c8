// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NOTES_ON_REQUEST } from './records-api';
import {
  ACCESS_REQUEST_PERIOD,
  accessRequestDue,
  paymentsCutoff,
  RETENTION_SENTENCES,
  retentionCutoff,
  retentionEnds,
} from './retention';

const noHolidays = () => false;

describe('the retention schedule', () => {
  it('keeps a clinical record 7 years from the last session', () => {
    expect(retentionEnds('2027-03-01T10:00:00Z').toISOString()).toBe('2034-03-01T10:00:00.000Z');
    expect(retentionEnds('2028-02-29T10:00:00Z').toISOString()).toBe('2035-03-01T10:00:00.000Z');
  });

  it('keeps a payment 6 years from the end of its tax year (5 April)', () => {
    // On 5 April 2026 the tax year 2019-20 is not yet six years behind; on 6 April it is.
    expect(paymentsCutoff(new Date('2026-04-05T12:00:00Z')).toISOString()).toBe(
      '2019-04-05T23:00:00.000Z',
    );
    expect(paymentsCutoff(new Date('2026-04-05T23:00:00Z')).toISOString()).toBe(
      '2020-04-05T23:00:00.000Z',
    );
  });

  it('counts days and hours back from the clock', () => {
    const now = new Date('2027-03-01T09:00:00Z');
    expect(retentionCutoff('messages', now).toISOString()).toBe('2027-01-30T09:00:00.000Z');
    expect(retentionCutoff('riskAlerts', now).toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(retentionCutoff('calendar', now).toISOString()).toBe('2026-03-01T09:00:00.000Z');
  });

  it('states every kind in one sentence built from its period', () => {
    expect(RETENTION_SENTENCES).toEqual([
      'Your clinical record (intake and agreement, questionnaires, session notes, risk follow-ups) and the log of who read it is kept for 7 years from your last session, as the professional bodies advise, and then deleted.',
      'Payments, refunds, receipts and credit notes are kept for 6 years from the end of the tax year (5 April) they fall in, as HMRC requires of tax records, and then deleted.',
      'The emails we sent you (which email and when; their wording is erased once sent) are kept for 30 days from when they were sent, to show that a message went, and then deleted.',
      'The note of when the practice was last alerted to a risk answer is kept for 24 hours from the alert, so that she is not alerted twice in a day, and then deleted.',
      'Sessions that did not take place (requests, declined and cancelled) and the practitioner’s busy times are kept for 1 year from their end, to answer questions about an arrangement, and then deleted.',
      'Your account (name, email address and sign-in), your bookings, the waiting list and the card processor’s customer reference are kept until you delete your account, to run the service you asked for, and then deleted.',
    ]);
  });
});

describe('a subject access request’s deadline, as the ICO counts it', () => {
  it('is said in words from the one number, wherever it is stated', () => {
    expect(ACCESS_REQUEST_PERIOD).toBe('one month');
    expect(NOTES_ON_REQUEST).toContain('releases them within one month;');
  });

  it('is the same date next month', () => {
    expect(accessRequestDue('2027-09-03', noHolidays)).toBe('2027-10-04'); // 3 Oct is a Sunday
    expect(accessRequestDue('2027-03-10', noHolidays)).toBe('2027-04-12'); // 10 Apr a Saturday
    expect(accessRequestDue('2027-06-15', noHolidays)).toBe('2027-07-15');
  });

  it('is the month’s last day when it has no such date', () => {
    expect(accessRequestDue('2028-01-31', noHolidays)).toBe('2028-02-29');
    expect(accessRequestDue('2027-01-31', noHolidays)).toBe('2027-03-01'); // 28 Feb a Sunday
  });

  it('moves past a bank holiday to the next working day', () => {
    expect(
      accessRequestDue('2027-11-25', (day) => day === '2027-12-27' || day === '2027-12-28'),
    ).toBe('2027-12-29');
    expect(accessRequestDue('2027-04-26', (day) => day === '2027-05-26')).toBe('2027-05-27');
  });
});
