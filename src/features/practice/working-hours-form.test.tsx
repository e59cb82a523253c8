import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WORKING_HOURS } from '../../../shared/working-hours';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { fetchWorkingHours, saveWorkingHours } from './practice-api';
import { WorkingHoursForm } from './working-hours-form';

vi.mock('./practice-api', () => ({ fetchWorkingHours: vi.fn(), saveWorkingHours: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const VIEW = {
  hours: DEFAULT_WORKING_HOURS,
  bankHolidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
};
const MONDAY_ERROR = "Monday's hours must be within the practice's opening hours, 08:00 to 21:00.";

describe('your hours', () => {
  beforeEach(() => {
    vi.mocked(fetchWorkingHours).mockReset().mockResolvedValue(VIEW);
    vi.mocked(saveWorkingHours).mockReset();
    vi.mocked(showToast).mockReset();
  });

  it('sends the days, a weekly block and an opened bank holiday, then says it is saved', async () => {
    const user = userEvent.setup();
    vi.mocked(saveWorkingHours).mockResolvedValue(VIEW);
    render(<WorkingHoursForm />);
    await user.click(await screen.findByRole('checkbox', { name: 'Sunday: open' }));
    fireEvent.change(screen.getByLabelText('Monday start'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Latest start (optional)'), {
      target: { value: '17:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Add a weekly block' }));
    const block = screen.getByRole('group', { name: 'Weekly block 1' });
    fireEvent.change(within(block).getByLabelText('From'), { target: { value: '12:00' } });
    fireEvent.change(within(block).getByLabelText('To'), { target: { value: '13:00' } });
    await user.type(within(block).getByLabelText('Label (optional)'), 'Supervision');
    await user.click(screen.getByRole('button', { name: 'Add a day off' }));
    fireEvent.change(screen.getByLabelText('Day off 1'), { target: { value: '2026-12-24' } });
    await user.click(screen.getByRole('checkbox', { name: /^Open this day: Christmas Day/ }));
    await user.click(screen.getByRole('button', { name: 'Save your hours' }));
    expect(saveWorkingHours).toHaveBeenCalledWith({
      weekdays: {
        ...DEFAULT_WORKING_HOURS.weekdays,
        Monday: { start: '09:00', end: '21:00' },
        Sunday: null,
      },
      latestStart: '17:00',
      weeklyBlocks: [{ day: 'Wednesday', start: '12:00', end: '13:00', label: 'Supervision' }],
      daysOff: ['2026-12-24'],
      openBankHolidays: ['2026-12-25'],
    });
    expect(showToast).toHaveBeenCalledWith(
      'Your hours are saved. The times clients are offered follow them now.',
    );
  });

  it('shows a refusal by its field and in a summary that takes focus, keeping what was typed', async () => {
    const user = userEvent.setup();
    vi.mocked(saveWorkingHours).mockRejectedValue(
      new ApiError(`Check "weekdays.Monday": ${MONDAY_ERROR}`, 422, [
        { field: 'weekdays.Monday', detail: MONDAY_ERROR },
      ]),
    );
    render(<WorkingHoursForm />);
    const start = await screen.findByLabelText('Monday start');
    fireEvent.change(start, { target: { value: '07:00' } });
    await user.click(screen.getByRole('button', { name: 'Save your hours' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: MONDAY_ERROR })).toHaveAttribute(
      'href',
      '#hours-Monday-start',
    );
    expect(start).toHaveAccessibleDescription(MONDAY_ERROR);
    expect(start).toHaveValue('07:00');
    expect(showToast).not.toHaveBeenCalled();
  });
});
