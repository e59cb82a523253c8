import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MyPayments, Payment } from '../../../shared/payments-api';
import { fetchMyPayments, goTo, openPortal, startCheckout } from '../../lib/payments-api';
import { BillingPage, CONFIRM_POLL } from './billing-page';

vi.mock('../../lib/payments-api', () => ({
  fetchMyPayments: vi.fn(),
  openPortal: vi.fn(),
  startCheckout: vi.fn(),
  goTo: vi.fn(),
}));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const paid: Payment = {
  id: 'p1',
  amount: 24000,
  currency: 'GBP',
  status: 'paid',
  paidAt: '2027-03-01T10:00:00.000Z',
  receiptNumber: 'MP-2027-0007',
  sessions: [
    { bookingId: 'b1', start: '2027-03-02T18:00:00.000Z' },
    { bookingId: 'b2', start: '2027-03-09T18:00:00.000Z' },
  ],
  refunded: 6000,
  creditNotes: [{ id: 'r1', number: 'MP-CN-2027-0002', amount: 6000, at: '2027-03-03T09:00:00Z' }],
};
const mine: MyPayments = {
  plans: [
    {
      seriesId: 's1',
      status: 'paid',
      paidUntil: '2027-04-01T10:00:00.000Z',
      serviceName: 'Weekly therapy',
      monthlyAmount: 24000,
      nextPaymentAt: '2027-04-01T10:00:00.000Z',
    },
  ],
  payments: [paid],
};

const renderPage = (search = '') =>
  render(
    <MemoryRouter initialEntries={[`/account/billing${search}`]}>
      <BillingPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  vi.mocked(fetchMyPayments).mockReset();
  vi.mocked(openPortal).mockReset();
  vi.mocked(goTo).mockReset();
});

describe('the billing page', () => {
  it('shows the plan, its status and next payment date, and every payment with its receipt', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue(mine);
    renderPage();
    const plans = await screen.findByRole('region', { name: 'Your plans' });
    expect(within(plans).getByRole('heading', { name: 'Weekly therapy' })).toBeInTheDocument();
    expect(within(plans).getByText('Paid to Thursday 1 April 2027')).toBeInTheDocument();
    expect(within(plans).getByText('£240.00 a month')).toBeInTheDocument();
    expect(within(plans).getByText('Next payment: Thursday 1 April 2027')).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Payments' })).getByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Monday 1 March 2027');
    expect(row).toHaveTextContent('Tuesday 2 March 2027, 18:00 and 1 more session');
    expect(row).toHaveTextContent('£240.00£60.00 refunded');
    expect(within(row).getByRole('link', { name: 'Receipt MP-2027-0007' })).toHaveAttribute(
      'href',
      '/account/billing/receipts/p1',
    );
    expect(within(row).getByRole('link', { name: 'Credit note MP-CN-2027-0002' })).toHaveAttribute(
      'href',
      '/account/billing/credit-notes/r1',
    );
  });

  it('keeps each receipt and credit-note number on one line (a narrow column broke them at their hyphens)', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue(mine);
    renderPage();
    const receipt = await screen.findByRole('link', { name: 'Receipt MP-2027-0007' });
    const note = screen.getByRole('link', { name: 'Credit note MP-CN-2027-0002' });
    for (const number of [receipt, note])
      expect(number).toHaveClass('text-nowrap', 'd-inline-block');
  });

  it('says when there is nothing yet, without a portal button', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue({ plans: [], payments: [] });
    renderPage();
    expect(await screen.findByText('You have no monthly plan.')).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update card or cancel' })).not.toBeInTheDocument();
  });

  it('an unpaid plan is paid from here, its amount on the button; no "Update card or cancel" without a card', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue({
      plans: [{ ...mine.plans[0]!, status: 'unpaid', paidUntil: null, nextPaymentAt: null }],
      payments: [],
    });
    vi.mocked(startCheckout).mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    renderPage();
    const plans = await screen.findByRole('region', { name: 'Your plans' });
    expect(within(plans).getByText('Not paid yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update card or cancel' })).not.toBeInTheDocument();
    await userEvent.click(
      within(plans).getByRole('button', {
        name: 'Set up monthly payment: £240.00 a month for Weekly therapy',
      }),
    );
    // Checkout's "Cancel and go back" returns here.
    expect(startCheckout).toHaveBeenCalledWith({ seriesId: 's1', from: 'billing' });
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
  });

  it('says a plan was cancelled in Stripe, and that a refund was automatic and why', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue({
      plans: [
        { ...mine.plans[0]!, status: 'ending', cancelledInPortal: true, nextPaymentAt: null },
      ],
      payments: [
        {
          ...paid,
          status: 'refunded',
          refunded: 24000,
          creditNotes: [
            {
              id: 'r2',
              number: 'MP-CN-2027-0003',
              amount: 24000,
              at: '2027-03-03T09:00:00Z',
              reason: 'Refunded automatically: the session was already paid',
            },
          ],
        },
      ],
    });
    renderPage();
    const plans = await screen.findByRole('region', { name: 'Your plans' });
    expect(
      within(plans).getByText('Cancelled in Stripe: ends on Thursday 1 April 2027 (paid to then)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Refunded automatically: the session was already paid.'),
    ).toBeInTheDocument();
  });

  it('"Update card or cancel" goes to the portal url the server answers', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue(mine);
    vi.mocked(openPortal).mockResolvedValue({ url: 'https://billing.stripe.com/p/session/1' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Update card or cancel' }));
    expect(goTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1');
  });

  it('back from Checkout, says "confirming" and asks again until the webhook has marked it', async () => {
    const every = CONFIRM_POLL.everyMs;
    CONFIRM_POLL.everyMs = 50;
    try {
      const pending = { ...paid, status: 'pending' as const, paidAt: null, receiptNumber: null };
      vi.mocked(fetchMyPayments)
        .mockResolvedValueOnce({ ...mine, payments: [pending] })
        .mockResolvedValueOnce({ ...mine, payments: [pending] })
        .mockResolvedValue(mine);
      renderPage('?paid=cs_test_1');
      expect(await screen.findByText('Payment received — confirming…')).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Not confirmed yet/ })).toBeInTheDocument();
      expect(await screen.findByText('Payment confirmed. Thank you.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Receipt MP-2027-0007' })).toBeInTheDocument();
      expect(fetchMyPayments).toHaveBeenCalledTimes(3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fetchMyPayments).toHaveBeenCalledTimes(3);
    } finally {
      CONFIRM_POLL.everyMs = every;
    }
  });

  it('back from a cancelled Checkout, says nothing was charged', async () => {
    vi.mocked(fetchMyPayments).mockResolvedValue(mine);
    renderPage('?checkout=cancelled');
    expect(await screen.findByText(/^Payment not made: nothing was charged\./)).toBeInTheDocument();
  });
});
