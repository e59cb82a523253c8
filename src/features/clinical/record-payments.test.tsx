import { render, screen, within } from '@testing-library/react';
import type { ClientRecord } from '../../../shared/intake';
import { RecordPayments } from './record-payments';

type Booking = ClientRecord['bookings'][number];
const booking = (id: string, extra: Partial<Booking>): Booking => ({
  id,
  serviceId: 4,
  serviceName: 'Anxiety and Stress (CBT)',
  start: '2027-03-02T18:00:00.000Z',
  end: '2027-03-02T18:50:00.000Z',
  status: 'confirmed',
  ...extra,
});

describe("the record's payments", () => {
  it('shows one line per series and per paid one-off, with its badge; free and unpaid requests none', () => {
    render(
      <RecordPayments
        bookings={[
          booking('a', {
            seriesId: 's1',
            payment: { status: 'paid', paidUntil: '2027-04-01T10:00:00Z' },
          }),
          booking('b', {
            seriesId: 's1',
            start: '2027-03-09T18:00:00.000Z',
            payment: { status: 'paid' },
          }),
          booking('c', { start: '2027-03-05T10:00:00.000Z', payment: { status: 'refunded' } }),
          booking('d', {
            status: 'confirmed',
            start: '2027-03-06T10:00:00.000Z',
            payment: { status: 'unpaid' },
          }),
          booking('e', { status: 'declined', payment: { status: 'unpaid' } }),
          booking('f', { serviceName: 'Free call', payment: { status: 'free' } }),
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Anxiety and Stress (CBT), standing series from Tuesday 2 March 2027 Payment: Paid to Thursday 1 April 2027',
      'Anxiety and Stress (CBT), Friday 5 March 2027 10:00 Payment: Refunded',
      'Anxiety and Stress (CBT), Saturday 6 March 2027 10:00 Payment: Unpaid',
    ]);
  });

  it('says so when nothing is paid for', () => {
    render(<RecordPayments bookings={[booking('f', { payment: { status: 'free' } })]} />);
    expect(screen.getByText('Nothing to pay: no paid sessions booked.')).toBeInTheDocument();
  });
});
