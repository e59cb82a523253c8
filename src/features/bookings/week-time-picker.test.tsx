import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { addDays, dateIn } from '../../lib/practice-time';
import { fetchAvailability } from './bookings-api';
import { LAST_WEEK, useWeekTimes } from './use-week-times';
import { WeekTimePicker } from './week-time-picker';

vi.mock('./bookings-api', () => ({ fetchAvailability: vi.fn(), requestBooking: vi.fn() }));
// No Firebase in unit tests: the API calls themselves are replaced above.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

/** The picker alone, as any screen would hold it: its week state and the chosen start. */
function Harness({ onChoose }: { onChoose: (start: string) => void }) {
  const weeks = useWeekTimes(5);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const choose = (start: string) => {
    setChosen(start);
    onChoose(start);
  };
  return <WeekTimePicker weeks={weeks} chosen={chosen} onChoose={choose} />;
}

const today = () => dateIn(Date.now());
const startIn = (days: number) => `${addDays(today(), days)}T09:00:00.000Z`;
const weekAsked = () => vi.mocked(fetchAvailability).mock.calls.at(-1)?.slice(0, 3);

beforeEach(() => {
  vi.mocked(fetchAvailability).mockReset();
});

describe('the week-and-time picker', () => {
  it('calls back with the start the visitor chooses, and shows it chosen', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    vi.mocked(fetchAvailability).mockResolvedValue({
      timeZone: 'Europe/London',
      slots: [
        { start: startIn(2), end: startIn(2) },
        { start: startIn(3), end: startIn(3) },
      ],
    });
    render(<Harness onChoose={onChoose} />);
    const [, second] = await screen.findAllByRole('radio');
    await user.click(second!);
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(startIn(3));
    expect(second).toBeChecked();
  });

  it('asks for the week shown: seven days from today, then a week on, and back', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockResolvedValue({ timeZone: 'Europe/London', slots: [] });
    render(<Harness onChoose={vi.fn()} />);
    expect(await screen.findByText(/No free times this week/)).toBeInTheDocument();
    expect(weekAsked()).toEqual([5, today(), 7]);
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText(/No free times this week/)).toBeInTheDocument();
    expect(weekAsked()).toEqual([5, addDays(today(), 7), 7]);

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText(/No free times this week/)).toBeInTheDocument();
    expect(weekAsked()).toEqual([5, today(), 7]);
  });

  it('stops at the last bookable week', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockResolvedValue({ timeZone: 'Europe/London', slots: [] });
    render(<Harness onChoose={vi.fn()} />);
    for (let week = 0; week < LAST_WEEK; week += 1) {
      await user.click(await screen.findByRole('button', { name: 'Show the next week' }));
    }
    expect(await screen.findByText(/No free times this week/)).toBeInTheDocument();
    expect(weekAsked()?.[1]).toBe(addDays(today(), LAST_WEEK * 7));
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Show the next week' })).not.toBeInTheDocument();
  });

  it('says when the times could not be read, and asks again on "Try again"', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability)
      .mockRejectedValueOnce(new ApiError('The booking service is not answering.', 503))
      .mockResolvedValue({
        timeZone: 'Europe/London',
        slots: [{ start: startIn(2), end: startIn(2) }],
      });
    render(<Harness onChoose={vi.fn()} />);
    expect(await screen.findByText(/The booking service is not answering\./)).toHaveClass(
      'alert-warning',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio')).toBeInTheDocument();
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
    expect(weekAsked()).toEqual([5, today(), 7]);
  });
});
