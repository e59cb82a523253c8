import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Diary, PracticeBooking } from '../../../shared/booking';
import { ApiError } from '../../lib/api-client';
import { dateIn, mondayOf } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { answerBooking, fetchDiary } from './practice-api';
import { PracticeDiary } from './practice-diary';

vi.mock('./practice-api', () => ({
  fetchDiary: vi.fn(),
  answerBooking: vi.fn(),
  blockTime: vi.fn(),
  removeBlock: vi.fn(),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
// No Firebase in unit tests: the API calls themselves are replaced above.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const monday = mondayOf(dateIn(Date.now()));

function booking(id: string, time: string, extra: Partial<PracticeBooking>): PracticeBooking {
  return {
    id,
    serviceId: 1,
    serviceName: 'Individual Counselling',
    start: `${monday}T${time}:00.000Z`,
    end: `${monday}T${time.replace(/^(\d\d)/, (hour) => String(Number(hour) + 1))}:00.000Z`,
    status: 'requested',
    note: '',
    clientName: `Client ${id}`,
    clientEmail: `${id}@example.com`,
    ...extra,
  };
}

const diary = (...bookings: PracticeBooking[]): Diary => ({ bookings, blocks: [] });

const cardOf = (name: string) => {
  const card = screen.getByText(name, { exact: false }).closest('li');
  if (!card) throw new Error(`No booking card for ${name}`);
  return within(card);
};
const buttonNames = (name: string) =>
  cardOf(name)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe("the practitioner's diary", () => {
  beforeEach(() => {
    vi.mocked(fetchDiary).mockReset();
    vi.mocked(answerBooking).mockReset();
  });

  it('shows exactly the actions the server allows, in its order', async () => {
    vi.mocked(fetchDiary).mockResolvedValue(
      diary(
        booking('a', '10:00', { actions: ['confirm', 'decline', 'cancel'] }),
        booking('b', '12:00', { status: 'confirmed', actions: ['cancel'] }),
        booking('c', '14:00', { status: 'declined', actions: [] }),
        // The status alone no longer decides: a request the server offers nothing for shows nothing.
        booking('d', '16:00', { status: 'requested', actions: [] }),
        booking('e', '17:00', { status: 'confirmed' }),
      ),
    );
    render(<PracticeDiary />);
    await screen.findByText('Client a', { exact: false });
    expect(buttonNames('Client a')).toEqual(['Confirm', 'Decline', 'Cancel']);
    expect(buttonNames('Client b')).toEqual(['Cancel']);
    expect(buttonNames('Client c')).toEqual([]);
    expect(buttonNames('Client d')).toEqual([]);
    expect(buttonNames('Client e')).toEqual([]);
    expect(cardOf('Client a').getByRole('button', { name: /^Confirm Client a at / })).toBeEnabled();
  });

  it('sends the chosen answer and keeps the week on screen while it reloads', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchDiary)
      .mockResolvedValueOnce(
        diary(booking('a', '10:00', { actions: ['confirm', 'decline', 'cancel'] })),
      )
      .mockReturnValueOnce(new Promise(() => {}));
    vi.mocked(answerBooking).mockResolvedValue(booking('a', '10:00', { status: 'confirmed' }));
    render(<PracticeDiary />);
    await user.click(await screen.findByRole('button', { name: /^Decline Client a at / }));
    await waitFor(() => expect(fetchDiary).toHaveBeenCalledTimes(2));
    expect(answerBooking).toHaveBeenCalledWith('a', 'decline');
    expect(showToast).toHaveBeenCalledWith(
      expect.stringMatching(/^Declined: Individual Counselling with Client a, /),
    );
    expect(screen.getByText('Client a', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the diary could not be loaded, and Try again asks again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchDiary)
      .mockRejectedValueOnce(new ApiError('The diary could not be loaded.', 503))
      .mockResolvedValueOnce(diary(booking('a', '10:00', { actions: ['cancel'] })));
    render(<PracticeDiary />);
    const failed = await screen.findByText(/The diary could not be loaded\./);
    expect(failed).toHaveClass('alert-danger');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Client a', { exact: false })).toBeInTheDocument();
    expect(fetchDiary).toHaveBeenCalledTimes(2);
  });
});
