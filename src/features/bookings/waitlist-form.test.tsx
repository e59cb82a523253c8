import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { joinWaitlist } from './waitlist-api';
import { WaitlistForm } from './waitlist-form';

vi.mock('./waitlist-api', () => ({ joinWaitlist: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const oneOff = { id: 5, name: 'Bereavement and Grief' } as Service;
const weekly = { id: 1, name: 'Individual Therapy', everyWeeks: 1 } as Service;

const renderForm = (service: Service) =>
  render(
    <MemoryRouter>
      <WaitlistForm service={service} />
    </MemoryRouter>,
  );

describe('Tell me when a time frees up', () => {
  beforeEach(() => vi.mocked(joinWaitlist).mockReset());

  it('opens on its heading, and asks for a day and a part of the day with a summary that links to each', async () => {
    const user = userEvent.setup();
    renderForm(oneOff);
    await user.click(screen.getByRole('button', { name: 'Tell me when a time frees up' }));
    expect(screen.getByRole('heading', { name: 'Tell me when a time frees up' })).toHaveFocus();
    expect(
      screen.queryByRole('checkbox', { name: 'I am looking for a standing weekly time' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Tick at least one day of the week.',
      'Tick at least one part of the day.',
    ]);
    expect(
      screen.getByRole('group', { name: 'Days of the week that suit you' }),
    ).toHaveAccessibleDescription('Tick at least one day of the week.');
    await user.click(screen.getByRole('link', { name: 'Tick at least one part of the day.' }));
    expect(screen.getByRole('checkbox', { name: 'Morning (before 12:00)' })).toHaveFocus();
    expect(joinWaitlist).not.toHaveBeenCalled();
  });

  it('sends the days in the week’s order and the parts, and says how long the entry lasts', async () => {
    const user = userEvent.setup();
    vi.mocked(joinWaitlist).mockResolvedValue({} as never);
    renderForm(weekly);
    await user.click(screen.getByRole('button', { name: 'Tell me when a time frees up' }));
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Evening (from 17:00)' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I am looking for a standing weekly time' }),
    );
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(joinWaitlist).toHaveBeenCalledWith({
      serviceId: 1,
      days: ['Monday', 'Friday'],
      parts: ['evening'],
      standing: true,
    });
    expect(await screen.findByText(RULE_SENTENCES.waitlistJoined)).toHaveFocus();
    expect(RULE_SENTENCES.waitlistJoined).toMatch(/^You are on the waiting list for 60 days\./);
  });
});
