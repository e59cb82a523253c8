import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeBooking } from '../../../shared/booking';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { BlockTimeForm } from './block-time-form';
import { blockTime, fetchDiary } from './practice-api';
import { UNDO_MS } from './use-deferred-answer';

vi.mock('./practice-api', () => ({ fetchDiary: vi.fn(), blockTime: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

function booking(id: string, start: string, status: PracticeBooking['status']): PracticeBooking {
  return {
    id,
    serviceId: 1,
    serviceName: 'Individual Counselling',
    start,
    end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    status,
    note: '',
    clientName: `Client ${id}`,
    clientEmail: `${id}@example.com`,
  };
}

const BLOCK = { start: '2026-04-09T13:00:00.000Z', end: '2026-04-09T16:00:00.000Z' };
const request = booking('r', '2026-04-09T14:00:00Z', 'requested');
const session = booking('s', '2026-04-09T15:30:00Z', 'confirmed');

async function fillThursdayAfternoon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Start date'), '2026-04-09');
  await user.type(screen.getByLabelText('Start time'), '14:00');
  await user.type(screen.getByLabelText('End date'), '2026-04-09');
  await user.type(screen.getByLabelText('End time'), '17:00');
}

describe('blocking time', () => {
  beforeEach(() => {
    vi.mocked(fetchDiary).mockReset();
    vi.mocked(blockTime).mockReset();
    vi.mocked(showToast).mockReset();
  });

  it('blocks at once when the time holds nothing', async () => {
    const user = userEvent.setup();
    const onBlocked = vi.fn();
    vi.mocked(fetchDiary).mockResolvedValue({
      bookings: [booking('x', '2026-04-09T10:00:00Z', 'confirmed')],
      blocks: [],
    });
    vi.mocked(blockTime).mockResolvedValue({
      block: { id: 'b', ...BLOCK, reason: '' },
      covered: [],
    });
    render(<BlockTimeForm onBlocked={onBlocked} />);
    await fillThursdayAfternoon(user);
    await user.click(screen.getByRole('button', { name: 'Block this time' }));
    expect(fetchDiary).toHaveBeenCalledWith({ from: '2026-04-08', to: '2026-04-09' });
    expect(blockTime).toHaveBeenCalledWith({ ...BLOCK, reason: '', cancelCovered: false });
    expect(onBlocked).toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith(
      'Blocked Thursday 9 April 2026 14:00 to Thursday 9 April 2026 17:00.',
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists what the time holds, holds it for Undo, then declines and cancels it with the message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.mocked(fetchDiary).mockResolvedValue({
      bookings: [request, session, booking('c', '2026-04-09T14:00:00Z', 'cancelled')],
      blocks: [],
    });
    vi.mocked(blockTime).mockResolvedValue({
      block: { id: 'b', ...BLOCK, reason: '' },
      // The answer carries them as they are now: declined and cancelled.
      covered: [
        { ...request, status: 'declined' },
        { ...session, status: 'cancelled' },
      ],
    });
    render(<BlockTimeForm onBlocked={vi.fn()} />);
    await fillThursdayAfternoon(user);
    await user.click(screen.getByRole('button', { name: 'Block this time' }));

    const heading = await screen.findByRole('heading', {
      name: 'This time holds 1 request and 1 session',
    });
    expect(heading).toHaveFocus();
    const list = within(screen.getByRole('list'));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Thursday 9 April, 15:00 to 15:50: Individual Counselling with Client r Status: Requested',
      'Thursday 9 April, 16:30 to 17:20: Individual Counselling with Client s Status: Confirmed',
    ]);
    expect(blockTime).not.toHaveBeenCalled();
    // Blocked time never holds a live session: there is no leaving them as they are.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(
      screen.getByText(/blocking it declines these requests and cancels these sessions/),
    ).toBeVisible();
    const message = screen.getByRole('textbox', { name: 'Message for the clients (optional)' });
    expect(message).toHaveAttribute('maxlength', '500');
    await user.type(message, 'I am unwell, <b>sorry</b>.');
    await user.click(screen.getByRole('button', { name: 'Block this time' }));
    // Held: nothing sent (no email, no refund) while Undo is offered.
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Blocking this time and cancelling 1 request and 1 session: the emails go in a few seconds.',
    );
    expect(blockTime).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(blockTime).toHaveBeenCalledExactlyOnceWith({
      ...BLOCK,
      reason: '',
      cancelCovered: true,
      message: 'I am unwell, <b>sorry</b>.',
    });
    expect(showToast).toHaveBeenCalledWith(
      expect.stringMatching(
        /It declined 1 request and cancelled 1 session; each client gets an email\.$/,
      ),
    );
  });

  it('Undo sends nothing and keeps everything typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.mocked(fetchDiary).mockResolvedValue({ bookings: [session], blocks: [] });
    render(<BlockTimeForm onBlocked={vi.fn()} />);
    await fillThursdayAfternoon(user);
    await user.click(screen.getByRole('button', { name: 'Block this time' }));
    await screen.findByRole('heading', { name: 'This time holds 1 session' });
    await user.type(screen.getByRole('textbox', { name: /^Message for the clients/ }), 'Sorry.');
    await user.click(screen.getByRole('button', { name: 'Block this time' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(blockTime).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Message for the clients/ })).toHaveValue('Sorry.');
    expect(screen.getByRole('button', { name: 'Block this time' })).toBeEnabled();
  });

  it('shows the API’s sentence when it refuses a block in the past', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchDiary).mockResolvedValue({ bookings: [], blocks: [] });
    vi.mocked(blockTime).mockRejectedValue(
      new ApiError('Blocked time must end in the future.', 422),
    );
    render(<BlockTimeForm onBlocked={vi.fn()} />);
    await fillThursdayAfternoon(user);
    await user.click(screen.getByRole('button', { name: 'Block this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Blocked time must end in the future.',
    );
  });
});
