import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api';
import { revokeReceiptLinks } from '../../lib/payments-api';
import { StopReceiptLinks } from './receipt-links';

vi.mock('../../lib/payments-api', () => ({ revokeReceiptLinks: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const revoke = vi.mocked(revokeReceiptLinks);

describe('stop my receipt links', () => {
  beforeEach(() => {
    revoke.mockReset();
  });

  it('asks first, can be kept, and once confirmed says from when the links stop', async () => {
    revoke.mockResolvedValue({ revokedAt: '2027-03-01T09:30:00.000Z' });
    const user = userEvent.setup();
    render(<StopReceiptLinks />);
    const section = screen.getByRole('region', { name: 'Links in your emails' });
    expect(section).toHaveTextContent('your receipts stay here');

    await user.click(screen.getByRole('button', { name: 'Stop my receipt links' }));
    expect(screen.getByRole('group')).toHaveTextContent(
      'Every link emailed until now will stop opening. This cannot be undone',
    );
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(revoke).not.toHaveBeenCalled();
    expect(screen.queryByRole('group')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stop my receipt links' }));
    await user.click(screen.getByRole('button', { name: 'Yes, stop them' }));
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Stopped: links emailed before Monday 1 March 2027, 09:30 no longer open.',
    );
    expect(screen.queryByRole('button', { name: 'Stop my receipt links' })).toBeNull();
  });

  it('says why when the server could not stop them, and lets the client try again', async () => {
    revoke.mockImplementation(async () => {
      throw new ApiError('Please check your connection and try again.', 0);
    });
    const user = userEvent.setup();
    render(<StopReceiptLinks />);
    await user.click(screen.getByRole('button', { name: 'Stop my receipt links' }));
    await user.click(screen.getByRole('button', { name: 'Yes, stop them' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Stop my receipt links' })).toBeEnabled();
  });
});
