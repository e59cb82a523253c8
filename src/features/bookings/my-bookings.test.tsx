import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Booking } from '../../../shared/booking';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { ApiError } from '../../lib/api-client';
import { goTo, startCheckout } from '../../lib/payments-api';
import { cancelBooking, fetchMyBookings } from './bookings-api';
import { FEES_IN_GENERAL } from './fee-text';
import { MyBookings } from './my-bookings';

vi.mock('./bookings-api', () => ({ fetchMyBookings: vi.fn(), cancelBooking: vi.fn() }));
// No standing series here: my-series.test.tsx covers them.
vi.mock('./series-api', () => ({ fetchMySeries: () => Promise.resolve({ series: [] }) }));
// No waiting list here: my-waitlist.test.tsx covers it.
vi.mock('./waitlist-api', () => ({
  fetchMyWaitlist: () => Promise.resolve({ entries: [] }),
  leaveWaitlist: vi.fn(),
  renewWaitlist: vi.fn(),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/payments-api', () => ({ startCheckout: vi.fn(), goTo: vi.fn() }));
// No Firebase in unit tests: the API calls themselves are replaced above.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const DAY = 86_400_000;
const upcoming: Booking = {
  id: 'b1',
  serviceId: 1,
  serviceName: 'Individual Counselling',
  start: new Date(Date.now() + 10 * DAY).toISOString(),
  end: new Date(Date.now() + 10 * DAY + 3_600_000).toISOString(),
  status: 'confirmed',
  note: '',
  cancellable: true,
};

const renderList = () =>
  render(
    <MemoryRouter>
      <MyBookings />
    </MemoryRouter>,
  );

describe('My bookings', () => {
  beforeEach(() => {
    vi.mocked(fetchMyBookings).mockReset();
    vi.mocked(cancelBooking).mockReset();
  });

  it('states the cancel policy from the rules, then when fees are paid and refunded', async () => {
    vi.mocked(fetchMyBookings).mockResolvedValue({ bookings: [upcoming] });
    renderList();
    expect(
      await screen.findByText(`${RULE_SENTENCES.cancelPolicy} ${FEES_IN_GENERAL}`),
    ).toBeInTheDocument();
    expect(RULE_SENTENCES.cancelPolicy).toBe(
      'Sessions can be cancelled here until 24 hours before they start; after that, please phone or email the practice.',
    );
  });

  it('says when the list could not be loaded, and Try again asks again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchMyBookings)
      .mockRejectedValueOnce(new ApiError('Your bookings could not be loaded.', 503))
      .mockResolvedValueOnce({ bookings: [upcoming] });
    renderList();
    const failed = await screen.findByText(/Your bookings could not be loaded\./);
    expect(failed).toHaveClass('alert-danger');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Individual Counselling' }),
    ).toBeInTheDocument();
  });

  it('keeps the list on screen while it reloads after a cancel', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchMyBookings)
      .mockResolvedValueOnce({ bookings: [upcoming] })
      .mockReturnValueOnce(new Promise(() => {}));
    vi.mocked(cancelBooking).mockResolvedValue({ ...upcoming, status: 'cancelled' });
    renderList();
    await user.click(await screen.findByRole('button', { name: /^Cancel Individual Counselling/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(fetchMyBookings).toHaveBeenCalledTimes(2));
    expect(cancelBooking).toHaveBeenCalledWith('b1');
    expect(screen.getByRole('heading', { name: 'Individual Counselling' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your bookings…')).not.toBeInTheDocument();
  });

  it('shows each booking\'s payment state, and "Pay" on a confirmed, unpaid one-off session', async () => {
    vi.mocked(startCheckout).mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_9' });
    const paid: Booking = {
      ...upcoming,
      id: 'b2',
      start: new Date(Date.now() + 12 * DAY).toISOString(),
      end: new Date(Date.now() + 12 * DAY + 3_600_000).toISOString(),
      payment: { status: 'paid' },
    };
    vi.mocked(fetchMyBookings).mockResolvedValue({
      bookings: [{ ...upcoming, payment: { status: 'unpaid', amount: 6000 } }, paid],
    });
    renderList();
    const list = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(list).getByText('Payment: Unpaid')).toBeInTheDocument();
    expect(within(list).getByText('Payment: Paid')).toBeInTheDocument();
    // The amount stands on the button itself.
    const pay = within(list).getAllByRole('button', {
      name: /^Pay £60\.00 for Individual Counselling on/,
    });
    expect(pay).toHaveLength(1);
    expect(pay[0]).toHaveTextContent('Pay £60.00');
    await userEvent.click(pay[0]!);
    // Checkout's "Cancel and go back" returns to My bookings.
    expect(startCheckout).toHaveBeenCalledWith({ bookingId: 'b1', from: 'bookings' });
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_9');
  });
});
