import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import * as v from 'valibot';
import type { Series } from '../../../shared/booking';
import { ServiceSchema, type Service } from '../../../shared/service';
import { ApiError } from '../../lib/api-client';
import { formatDayWithYear } from '../../lib/practice-time';
import { BookingSection } from './booking-section';
import { fetchAvailability, requestBooking } from './bookings-api';
import { dayName } from './calendar-days';
import { answer, at, dayIn } from './picker-test-days';
import { requestSeries } from './request-series';

vi.mock('./bookings-api', () => ({ fetchAvailability: vi.fn(), requestBooking: vi.fn() }));
vi.mock('./request-series', () => ({ requestSeries: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

const plan = (id: number, name: string, everyWeeks?: 1 | 2): Service =>
  v.parse(ServiceSchema, {
    id,
    name,
    price: 320,
    session: 4,
    minutes: 60,
    description: 'Sessions.',
    img: '/images/services/couples.webp',
    ...(everyWeeks ? { everyWeeks } : {}),
  });
const services = [
  plan(2, 'Couples Counselling', 1),
  plan(6, 'Online Coaching', 2),
  plan(5, 'Bereavement Counselling'),
];

const renderSection = (serviceId: number) =>
  render(
    <MemoryRouter initialEntries={[`/checkout?service=${serviceId}`]}>
      <BookingSection services={{ status: 'ready', services }} />
    </MemoryRouter>,
  );

const timeRadio = (time: string, days: number) =>
  screen.getByRole('radio', { name: new RegExp(`^${time}, ${dayName(dayIn(days))}`) });
const weekday = (days: number) => dayName(dayIn(days)).split(' ')[0];
const fullDay = (days: number) => formatDayWithYear(at(days, '12:00'));

const series = (overrides: Partial<Series> = {}): Series => ({
  id: 's1',
  serviceId: 2,
  serviceName: 'Couples Counselling',
  everyWeeks: 1,
  status: 'requested',
  weekday: weekday(10)!,
  time: '18:00',
  firstStart: at(10, '18:00'),
  note: '',
  sessions: [10, 17, 31].map((days) => ({
    id: `b${days}`,
    start: at(days, '18:00'),
    end: at(days, '19:00'),
    status: 'requested' as const,
  })),
  skipped: [at(24, '18:00')],
  ...overrides,
});

beforeEach(() => {
  vi.mocked(fetchAvailability).mockReset();
  vi.mocked(requestBooking).mockReset();
  vi.mocked(requestSeries).mockReset();
});

async function chooseTenAtSix(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('group', { name: /^Choose a day/ });
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${dayName(dayIn(10))}, `) }));
  await user.click(timeRadio('18:00', 10));
}

describe('the checkout for a plan with a cadence', () => {
  it('lists the following weeks at the same time, marking each week that is not free', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(10, '18:00'), at(17, '18:00'), at(31, '18:00'), at(24, '09:00')),
    );
    renderSection(2);
    await chooseTenAtSix(user);
    const list = screen.getByRole('list', {
      name: 'Weekly: the following sessions at 18:00 (UK time)',
    });
    const items = within(list).getAllByRole('listitem');
    // Weeks 1 to 6 after the first fall inside the 56-day horizon.
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent(`${dayName(dayIn(17))}: free`);
    expect(items[1]).toHaveTextContent(`${dayName(dayIn(24))}: not free — this week is skipped`);
    expect(items[2]).toHaveTextContent(`${dayName(dayIn(31))}: free`);
    expect(
      screen.getByRole('button', { name: `Request every ${weekday(10)} at 18:00` }),
    ).toBeInTheDocument();
  });

  it('fortnightly: every other week, and the button says so', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '18:00')));
    renderSection(6);
    await chooseTenAtSix(user);
    const list = screen.getByRole('list', {
      name: 'Fortnightly: the following sessions at 18:00 (UK time)',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`${dayName(dayIn(24))}: not free — this week is skipped`);
    expect(items).toHaveLength(3);
    expect(
      screen.getByRole('button', { name: `Request every other ${weekday(10)} at 18:00` }),
    ).toBeInTheDocument();
  });

  it('sends one series request and lists the sessions booked and the weeks skipped', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(10, '18:00'), at(17, '18:00'), at(31, '18:00')),
    );
    vi.mocked(requestSeries).mockResolvedValue(series());
    renderSection(2);
    await chooseTenAtSix(user);
    await user.type(screen.getByLabelText('Note for the practitioner (optional)'), 'Evenings');
    await user.click(screen.getByRole('button', { name: `Request every ${weekday(10)} at 18:00` }));
    expect(requestSeries).toHaveBeenCalledExactlyOnceWith({
      serviceId: 2,
      start: at(10, '18:00'),
      note: 'Evenings',
    });
    expect(requestBooking).not.toHaveBeenCalled();
    const heading = await screen.findByRole('heading', { name: 'Your request has been sent' });
    expect(heading).toHaveFocus();
    expect(
      within(screen.getByRole('list', { name: 'Sessions requested' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([10, 17, 31].map((days) => `${fullDay(days)}, 18:00`));
    expect(
      within(screen.getByRole('list', { name: 'Weeks skipped' })).getByRole('listitem'),
    ).toHaveTextContent(`${fullDay(24)}, 18:00`);
  });

  it('after a 409, shows the sentence, keeps the note and asks for the times again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability)
      .mockImplementationOnce(() => answer(at(10, '18:00')))
      .mockImplementation(() => answer(at(11, '09:00')));
    vi.mocked(requestSeries).mockRejectedValue(
      new ApiError('That first session has just been taken.', 409),
    );
    renderSection(2);
    await chooseTenAtSix(user);
    await user.type(screen.getByLabelText('Note for the practitioner (optional)'), 'Evenings');
    await user.click(screen.getByRole('button', { name: `Request every ${weekday(10)} at 18:00` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^That first session has just been taken\. .* is no longer free;/,
    );
    expect(screen.getByLabelText('Note for the practitioner (optional)')).toHaveValue('Evenings');
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Request this time' })).toBeInTheDocument();
  });

  it('a plan without a cadence books one session, as before', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '18:00')));
    renderSection(5);
    await chooseTenAtSix(user);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(requestBooking).toHaveBeenCalledOnce();
    expect(requestSeries).not.toHaveBeenCalled();
  });
});
