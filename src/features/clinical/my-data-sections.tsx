import type { ReactNode } from 'react';
import type { AccountExport } from '../../../shared/intake';
import { formatMoney } from '../../../shared/money';
import { cadenceText } from '../../../shared/series-text';
import { DAYS_OF_WEEK } from '../../../shared/time-words';
import { DAY_PARTS, fromBits, wishesText } from '../../../shared/waitlist';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

/** The emails a client is sent, as they read them (a kind not named here reads as its words). */
const EMAIL_NAMES: Readonly<Record<string, string>> = {
  'request-acknowledged': 'We have your request',
  confirmed: 'Your session is confirmed',
  declined: 'Your session request (declined)',
  'cancelled-by-practice': 'Your session is cancelled',
  'cancellation-acknowledged': 'You cancelled',
  reminder: 'Reminder of a session',
  'series-acknowledged': 'We have your series request',
  'series-confirmed': 'Your series is confirmed',
  'series-declined': 'Your series request (declined)',
  'series-ended': 'Your series has ended',
  moved: 'Your session has moved',
  'week-skipped': 'A week is not free',
  'payment-received': 'Receipt',
  'payment-due': 'Payment due',
  'refund-issued': 'Refund',
  'waitlist-offer': 'A time has freed up',
  'waitlist-ending': 'Your place on the waiting list ends soon',
  invitation: 'An invitation to a session',
};
const emailName = (kind: string) => EMAIL_NAMES[kind] ?? kind.replaceAll('-', ' ');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The parts of the client's copy beyond their bookings and clinical record, in words: standing
 * sessions, the waiting list, payments and receipts, and the emails sent to them.
 */
export function MyDataSections({ data }: { data: AccountExport }) {
  return (
    <>
      <Section id="data-series" title="Your standing sessions">
        {data.series.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {data.series.map((series) => (
              <li key={series.id}>
                {series.serviceName}: {cadenceText(series.everyWeeks).toLowerCase()} at{' '}
                {series.time}
                {series.firstStart && `, from ${formatDayWithYear(series.firstStart)}`};{' '}
                {series.status}
                {series.endedAt && `, ended ${formatDayWithYear(series.endedAt)}`}.
                {series.note && ` Your note: ${series.note}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="data-waitlist" title="Your waiting list">
        {data.waitlist.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {data.waitlist.map((entry) => (
              <li key={entry.id}>
                {entry.serviceName}:{' '}
                {wishesText({
                  days: fromBits(DAYS_OF_WEEK, entry.days),
                  parts: fromBits(DAY_PARTS, entry.parts),
                })}
                {entry.standing && ', as a standing time'}
                {entry.joinedAt && `; joined ${formatDayWithYear(entry.joinedAt)}`}
                {entry.expiresAt && `; until ${formatDayWithYear(entry.expiresAt)}`}.
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="data-payments" title="Your payments and receipts">
        {data.payments.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {data.payments.map((payment) => (
              <li key={payment.id}>
                {formatMoney(payment.amountPence)} for {payment.serviceName}:{' '}
                {payment.paidAt ? `paid ${when(payment.paidAt)}` : payment.status}
                {payment.card && ` by ${payment.card}`}
                {payment.receiptNumber && `; receipt ${payment.receiptNumber}`}.
                {payment.refunds.map((refund) => (
                  <span key={refund.creditNoteNumber} className="d-block">
                    Refunded {formatMoney(refund.amountPence)}
                    {refund.at && ` on ${formatDayWithYear(refund.at)}`}; credit note{' '}
                    {refund.creditNoteNumber}.
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="data-messages" title="Emails we sent you">
        <p>Which email, to which address and when; their wording is not kept once sent.</p>
        {data.messages.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {data.messages.map((message, index) => (
              <li key={`${message.writtenAt ?? ''}-${index}`}>
                {emailName(message.kind)}, to {message.to}:{' '}
                {message.sentAt
                  ? `sent ${when(message.sentAt)}`
                  : `not sent yet (${message.status})`}
                .
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
