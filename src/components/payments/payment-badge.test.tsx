import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { goTo, startCheckout } from '../../lib/payments-api';
import { PayButton } from './pay-button';
import { PaymentBadge, paymentText } from './payment-badge';

vi.mock('../../lib/payments-api', () => ({ startCheckout: vi.fn(), goTo: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

describe('PaymentBadge', () => {
  it('says each payment state in words, a series paid to its London date', () => {
    expect(paymentText({ status: 'paid', paidUntil: '2027-03-03T12:00:00.000Z' })).toBe(
      'Paid to Wednesday 3 March 2027',
    );
    expect(paymentText({ status: 'paid' })).toBe('Paid');
    expect(paymentText({ status: 'due' })).toBe('Payment due');
    expect(paymentText({ status: 'unpaid' })).toBe('Unpaid');
    expect(paymentText({ status: 'refunded' })).toBe('Refunded');
    expect(paymentText({ status: 'free' })).toBeUndefined();
  });

  it('shows nothing for a free session or one the server sent no state for', () => {
    const { container } = render(
      <>
        <PaymentBadge payment={{ status: 'free' }} />
        <PaymentBadge payment={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
    render(<PaymentBadge payment={{ status: 'due' }} />);
    expect(screen.getByText('Payment: Payment due')).toBeInTheDocument();
  });
});

describe('PayButton', () => {
  beforeEach(() => {
    vi.mocked(startCheckout).mockReset();
    vi.mocked(goTo).mockReset();
  });

  it('asks the server for a Checkout page (no amount) and goes to the url it answers', async () => {
    vi.mocked(startCheckout).mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    render(<PayButton request={{ bookingId: 'b1' }}>Pay</PayButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(startCheckout).toHaveBeenCalledWith({ bookingId: 'b1' });
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
  });

  it("shows the server's sentence when it refuses (already paid), and stays", async () => {
    vi.mocked(startCheckout).mockRejectedValue(new ApiError('This session is already paid.', 409));
    render(<PayButton request={{ seriesId: 's1' }}>Set up monthly payment</PayButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Set up monthly payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This session is already paid.');
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Set up monthly payment' })).toBeEnabled();
  });
});
