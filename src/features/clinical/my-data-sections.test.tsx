import { render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { AccountExportSchema, type AccountExport } from '../../../shared/intake';
import { MyDataSections } from './my-data-sections';

/** A client's copy as the API answers it (parsed with its schema, as the page does). */
const EXPORT: AccountExport = v.parse(AccountExportSchema, {
  exportedAt: '2027-03-01T09:00:00.000Z',
  account: { uid: 'client-ada', email: 'ada@example.test', name: 'Ada Client' },
  bookings: [],
  series: [
    {
      id: 'series-1',
      serviceId: 4,
      serviceName: 'Anxiety and Stress (CBT)',
      everyWeeks: 2,
      firstStart: '2027-03-02T18:00:00.000Z',
      time: '18:00',
      status: 'confirmed',
      note: 'After work, <b>please</b>',
      endedAt: null,
    },
  ],
  waitlist: [
    {
      id: 'wait-1',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      days: 0b101, // Monday and Wednesday
      parts: 0b001, // mornings
      standing: true,
      joinedAt: '2027-02-20T10:00:00.000Z',
      expiresAt: '2027-03-22T10:00:00.000Z',
    },
  ],
  intake: null,
  agreementText: null,
  questionnaires: [],
  payments: [
    {
      id: 'pay-1',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      amountPence: 6000,
      currency: 'GBP',
      status: 'refunded',
      createdAt: '2027-02-01T10:00:00.000Z',
      paidAt: '2027-02-01T10:05:00.000Z',
      receiptNumber: 'MP-2027-0007',
      card: 'visa ending 4242',
      refunds: [
        {
          amountPence: 6000,
          creditNoteNumber: 'CN-2027-0001',
          reason: 'Paid twice',
          at: '2027-02-03T12:00:00.000Z',
        },
      ],
    },
  ],
  messages: [
    {
      kind: 'confirmed',
      to: 'ada@example.test',
      status: 'sent',
      writtenAt: '2027-02-01T09:00:00.000Z',
      sentAt: '2027-02-01T09:00:05.000Z',
    },
    {
      kind: 'reminder',
      to: 'ada@example.test',
      status: 'pending',
      writtenAt: '2027-03-01T08:00:00.000Z',
      sentAt: null,
    },
  ],
  riskFollowUps: [],
  audit: [],
  sessionNotes: 'Ask for them.',
  notesRequests: [],
});

const itemsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('my data, in words', () => {
  it('says what the copy holds beyond bookings: standing sessions, waiting list, payments and emails', () => {
    render(<MyDataSections data={EXPORT} />);
    expect(itemsOf('Your standing sessions')).toEqual([
      'Anxiety and Stress (CBT): fortnightly at 18:00, from Tuesday 2 March 2027; confirmed. Your note: After work, <b>please</b>',
    ]);
    expect(itemsOf('Your waiting list')).toEqual([
      'Individual Therapy: Mondays and Wednesdays, mornings, as a standing time; joined Saturday 20 February 2027; until Monday 22 March 2027.',
    ]);
    expect(itemsOf('Your payments and receipts')).toEqual([
      '£60.00 for Individual Therapy: paid Monday 1 February 2027, 10:05 by visa ending 4242; receipt MP-2027-0007.Refunded £60.00 on Wednesday 3 February 2027; credit note CN-2027-0001.',
    ]);
    expect(itemsOf('Emails we sent you')).toEqual([
      'Your session is confirmed, to ada@example.test: sent Monday 1 February 2027, 09:00.',
      'Reminder of a session, to ada@example.test: not sent yet (pending).',
    ]);
  });

  it('says "None." for each part that holds nothing', () => {
    render(
      <MyDataSections data={{ ...EXPORT, series: [], waitlist: [], payments: [], messages: [] }} />,
    );
    for (const name of [
      'Your standing sessions',
      'Your waiting list',
      'Your payments and receipts',
      'Emails we sent you',
    ]) {
      expect(within(screen.getByRole('region', { name })).getByText('None.')).toBeInTheDocument();
    }
  });
});
