import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { leaveSessions, removeParticipant, withdrawInvitation } from './departures-api';
import { LeaveSessions } from './leave-sessions';
import { RemoveParticipant } from './remove-participant';
import { WithdrawInvitations } from './withdraw-invitations';

vi.mock('./departures-api', () => ({
  leaveSessions: vi.fn(),
  withdrawInvitation: vi.fn(),
  removeParticipant: vi.fn(),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => vi.clearAllMocks());

describe('leaving, withdrawing and removing', () => {
  it('a partner is asked first; Stay changes nothing and gives the focus back', async () => {
    const user = userEvent.setup();
    const onLeft = vi.fn();
    render(
      <LeaveSessions
        placeId="p1"
        serviceName="Couples Counselling"
        bookedBy="Ada"
        series
        onLeft={onLeft}
      />,
    );
    const leave = screen.getByRole('button', { name: 'Leave Couples Counselling' });
    expect(leave).toHaveTextContent('Leave these sessions');
    await user.click(leave);
    const ask = screen.getByRole('group', { name: 'Leave Couples Counselling?' });
    expect(ask).toHaveTextContent('What you have already attended stays on your record.');
    expect(screen.getByRole('button', { name: 'Yes, leave them' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(leaveSessions).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Leave Couples Counselling' })).toHaveFocus();
  });

  it('a refused leave shows the API’s sentence and keeps the question open', async () => {
    const user = userEvent.setup();
    vi.mocked(leaveSessions).mockRejectedValue(
      new ApiError('You cannot leave: you have left these sessions.', 409),
    );
    const onLeft = vi.fn();
    render(
      <LeaveSessions
        placeId="p1"
        serviceName="Couples Counselling"
        bookedBy="Ada"
        series={false}
        onLeft={onLeft}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Leave Couples Counselling' }));
    await user.click(screen.getByRole('button', { name: 'Yes, leave it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot leave: you have left these sessions.',
    );
    expect(leaveSessions).toHaveBeenCalledWith('p1');
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('the booker withdraws only an invitation not yet answered, asked first', async () => {
    const user = userEvent.setup();
    vi.mocked(withdrawInvitation).mockResolvedValue({ id: 'p2', status: 'withdrawn' });
    const onWithdrawn = vi.fn();
    render(
      <WithdrawInvitations
        participants={[
          { id: 'p1', name: 'Jo', status: 'joined', agreementAccepted: true },
          { id: 'p2', name: 'Pat <b>Partner</b>', status: 'invited', agreementAccepted: false },
        ]}
        onWithdrawn={onWithdrawn}
      />,
    );
    expect(screen.queryByRole('button', { name: /Jo/ })).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to Pat <b>Partner</b>' }),
    );
    expect(withdrawInvitation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw it' }));
    expect(withdrawInvitation).toHaveBeenCalledWith('p2');
    expect(onWithdrawn).toHaveBeenCalled();
  });

  it('the practitioner removes with her reason; the person removed is told only that', async () => {
    const user = userEvent.setup();
    vi.mocked(removeParticipant).mockResolvedValue({ id: 'p1', status: 'left' });
    const onRemoved = vi.fn();
    render(
      <RemoveParticipant
        participant={{ id: 'p1', name: 'Pat', status: 'joined', agreementAccepted: true }}
        onRemoved={onRemoved}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Pat' }));
    const reason = screen.getByLabelText('Your reason (for you alone)');
    expect(reason).toHaveFocus();
    await user.type(reason, 'Moved out');
    await user.click(screen.getByRole('button', { name: 'Remove Pat' }));
    expect(removeParticipant).toHaveBeenCalledWith('p1', 'Moved out');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Removed: Pat no longer attends these sessions, and has been told only that.',
    );
    expect(onRemoved).toHaveBeenCalled();
  });

  it('offers no removal of someone who has not joined', () => {
    render(
      <RemoveParticipant
        participant={{ id: 'p1', name: 'Pat', status: 'invited', agreementAccepted: false }}
        onRemoved={() => {}}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
