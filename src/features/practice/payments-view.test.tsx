import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PracticePayments } from '../../../shared/payments-api';
import { ApiError } from '../../lib/api-client';
import { monthName, PaymentsView, penceFrom, shiftMonth } from './payments-view';
import { fetchPracticePayments, refundPayment } from './practice-api';

vi.mock('./practice-api', () => ({ fetchPracticePayments: vi.fn(), refundPayment: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const march: PracticePayments = {
  month: '2027-03',
  currency: 'GBP',
  payments: [
    {
      id: 'p1',
      amount: 24000,
      currency: 'GBP',
      status: 'paid',
      paidAt: '2027-03-01T10:00:00.000Z',
      receiptNumber: 'MP-2027-0007',
      sessions: [{ bookingId: 'b1', start: '2027-03-02T18:00:00.000Z' }],
      refunded: 6000,
      clientUid: 'u1',
      clientName: 'Ada Client',
      clientEmail: 'ada@example.com',
    },
  ],
  refunds: [
    {
      id: 'r1',
      paymentId: 'p1',
      creditNoteNumber: 'MP-CN-2027-0001',
      amount: 6000,
      at: '2027-03-05T10:00:00.000Z',
      clientName: 'Ada Client',
    },
  ],
  due: [
    {
      clientUid: 'u2',
      clientName: 'Bo Late',
      clientEmail: 'bo@example.com',
      bookingId: null,
      seriesId: 's2',
      amount: 18000,
      status: 'due',
      start: '2027-03-10T09:00:00.000Z',
    },
  ],
  clients: [
    { clientUid: 'u1', clientName: 'Ada Client', paid: 24000, refunded: 6000, due: 0 },
    { clientUid: 'u2', clientName: 'Bo Late', paid: 0, refunded: 0, due: 18000 },
  ],
  totals: { paid: 24000, refunded: 6000, due: 18000 },
};

const renderView = (search = '?month=2027-03') =>
  render(
    <MemoryRouter initialEntries={[`/practice/payments${search}`]}>
      <PaymentsView />
    </MemoryRouter>,
  );

beforeEach(() => {
  vi.mocked(fetchPracticePayments).mockReset();
  vi.mocked(refundPayment).mockReset();
});

describe('the practitioner payments view', () => {
  it('reads months and pounds as a person writes them', () => {
    expect(monthName('2027-03')).toBe('March 2027');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2027-12', 1)).toBe('2028-01');
    expect(penceFrom('60')).toBe(6000);
    expect(penceFrom('£59.5')).toBe(5950);
    expect(penceFrom('sixty')).toBeUndefined();
  });

  it("shows the month's totals per client, payments, refunds and what is due, and switches month", async () => {
    vi.mocked(fetchPracticePayments).mockResolvedValue(march);
    renderView();
    expect(await screen.findByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    expect(fetchPracticePayments).toHaveBeenCalledWith('2027-03', expect.any(AbortSignal));
    const clients = screen.getByRole('region', { name: 'Per client' });
    expect(within(clients).getByRole('row', { name: /Ada Client/ })).toHaveTextContent(
      'Ada Client£240.00£60.00£0.00',
    );
    expect(within(clients).getByRole('link', { name: 'Bo Late' })).toHaveAttribute(
      'href',
      '/practice/clients/u2',
    );
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent(
      'Ada Client: £60.00 on Friday 5 March 2027 (credit note MP-CN-2027-0001)',
    );
    expect(screen.getByRole('region', { name: 'Due' })).toHaveTextContent(
      'Bo Late: £180.00 (a monthly payment failed)',
    );
    vi.mocked(fetchPracticePayments).mockResolvedValue({ ...march, month: '2027-02' });
    await userEvent.click(screen.getByRole('button', { name: '← February 2027' }));
    expect(await screen.findByRole('heading', { name: 'February 2027' })).toBeInTheDocument();
    expect(fetchPracticePayments).toHaveBeenLastCalledWith('2027-02', expect.any(AbortSignal));
  });

  it('asks before refunding, refuses more than is left, then refunds and reloads', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchPracticePayments).mockResolvedValue(march);
    vi.mocked(refundPayment).mockResolvedValue({
      id: 'r2',
      paymentId: 'p1',
      creditNoteNumber: 'MP-CN-2027-0002',
      amount: 18000,
      refundedTotal: 24000,
    });
    renderView();
    await user.click(
      await screen.findByRole('button', { name: "Refund Ada Client's payment MP-2027-0007" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund Ada Client?' });
    const amount = within(dialog).getByLabelText('Amount to refund (£, at most £180.00)');
    expect(amount).toHaveValue('180.00');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'At most £180.00 can be refunded: that is what is left of the payment.',
    );
    expect(refundPayment).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '180');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(refundPayment).toHaveBeenCalledWith('p1', 18000);
    expect(fetchPracticePayments).toHaveBeenCalledTimes(2);
  });

  it("shows the server's sentence when a refund is refused", async () => {
    const user = userEvent.setup();
    vi.mocked(fetchPracticePayments).mockResolvedValue(march);
    vi.mocked(refundPayment).mockRejectedValue(new ApiError('Stripe refused the refund.', 502));
    renderView();
    await user.click(await screen.findByRole('button', { name: /^Refund Ada Client/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(dialog).findByText('Stripe refused the refund.')).toBeInTheDocument();
  });
});
