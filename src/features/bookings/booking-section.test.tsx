import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import * as v from 'valibot';
import { AVAILABILITY_MAX_DAYS } from '../../../shared/booking';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { ServiceSchema, type Service } from '../../../shared/service';
import { ApiError } from '../../lib/api-client';
import { addDays } from '../../lib/practice-time';
import { BookingSection } from './booking-section';
import { fetchAvailability, requestBooking } from './bookings-api';
import { dayName } from './calendar-days';
import { answer, at, dayIn, today } from './picker-test-days';

vi.mock('./bookings-api', () => ({ fetchAvailability: vi.fn(), requestBooking: vi.fn() }));
// No Firebase in unit tests: the API calls themselves are replaced above.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

// Through the schema, as the site reads service.json: defaults filled in like the real list's.
const couples: Service = v.parse(ServiceSchema, {
  id: 2,
  name: 'Couples Counselling',
  price: 320,
  session: 4,
  minutes: 60,
  description: 'Weekly sessions.',
  img: '/images/services/couples.webp',
});

/** Where the test's router is now, as a visitor would read it in the address bar. */
function Address() {
  const { search } = useLocation();
  return <p>Address: {decodeURIComponent(search)}</p>;
}

function renderSection(query = 'service=2') {
  return render(
    <MemoryRouter initialEntries={[`/checkout?${query}`]}>
      <BookingSection services={{ status: 'ready', services: [couples] }} />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByText(/^Address:/).textContent;
const dayRadio = (days: number) =>
  screen.getByRole('radio', { name: new RegExp(`^${dayName(dayIn(days))}, `) });
const timeRadio = (time: string, days: number) =>
  screen.getByRole('radio', { name: new RegExp(`^${time}, ${dayName(dayIn(days))}`) });

beforeEach(() => {
  vi.mocked(fetchAvailability).mockReset();
  vi.mocked(requestBooking).mockReset();
});

describe('the checkout picker: days first', () => {
  it('asks once for the free times of the whole booking horizon', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(3, '09:00')));
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    expect(fetchAvailability).toHaveBeenCalledOnce();
    expect(vi.mocked(fetchAvailability).mock.calls[0]?.slice(0, 3)).toEqual([
      2,
      today,
      AVAILABILITY_MAX_DAYS,
    ]);
  });

  it('marks each day of the horizon with whether it has free times, in full words', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(3, '09:00'), at(3, '14:30'), at(3, '18:00'), at(5, '10:00')),
    );
    renderSection();
    const days = await screen.findByRole('group', { name: /^Choose a day/ });
    expect(within(days).getAllByRole('radio')).toHaveLength(AVAILABILITY_MAX_DAYS);
    expect(dayRadio(3)).toHaveAccessibleName(`${dayName(dayIn(3))}, 3 free times`);
    expect(dayRadio(3)).toBeEnabled();
    expect(dayRadio(5)).toHaveAccessibleName(`${dayName(dayIn(5))}, 1 free time`);
    expect(dayRadio(4)).toHaveAccessibleName(`${dayName(dayIn(4))}, no free times`);
    expect(dayRadio(4)).toBeDisabled();
    // Until a day is chosen, the first day with times is shown.
    expect(dayRadio(3)).toBeChecked();
  });

  it('"First free time" chooses the earliest time and its day, and the address holds both', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(6, '11:00'), at(4, '16:00'), at(4, '08:30')),
    );
    renderSection();
    const shortcut = await screen.findByRole('button', {
      name: `First free time: ${dayName(dayIn(4))}, 08:30`,
    });
    await user.click(shortcut);
    expect(timeRadio('08:30', 4)).toBeChecked();
    expect(dayRadio(4)).toBeChecked();
    expect(address()).toBe(`Address: ?service=2&day=${dayIn(4)}&time=${at(4, '08:30')}`);
    expect(screen.getByText(/^Your choice:/)).toHaveTextContent(
      `Your choice: ${dayName(dayIn(4))}, 08:30 (UK time)`,
    );
  });

  it("groups the day's times by morning, afternoon and evening, each named in full", async () => {
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(3, '09:00'), at(3, '11:30'), at(3, '14:30'), at(3, '18:00'), at(4, '09:00')),
    );
    renderSection();
    const times = await screen.findByRole('group', { name: `Free times on ${dayName(dayIn(3))}` });
    const part = (name: string) =>
      within(within(times).getByRole('group', { name }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'));
    expect(part('Morning')).toEqual([at(3, '09:00'), at(3, '11:30')]);
    expect(part('Afternoon')).toEqual([at(3, '14:30')]);
    expect(part('Evening')).toEqual([at(3, '18:00')]);
    expect(within(times).getAllByRole('radio')).toHaveLength(4);
    expect(timeRadio('14:30', 3)).toHaveAccessibleName(new RegExp(`^14:30, ${dayName(dayIn(3))}`));
  });

  it('a day chosen shows its times and goes in the address; a time then joins it', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(3, '09:00'), at(5, '10:00'), at(5, '15:00')),
    );
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    await user.click(dayRadio(5));
    expect(dayRadio(5)).toBeChecked();
    expect(address()).toBe(`Address: ?service=2&day=${dayIn(5)}`);
    expect(screen.getByRole('group', { name: `Free times on ${dayName(dayIn(5))}` })).toBeVisible();
    expect(screen.queryByRole('radio', { name: new RegExp(`^09:00, `) })).not.toBeInTheDocument();

    await user.click(timeRadio('15:00', 5));
    expect(address()).toBe(`Address: ?service=2&day=${dayIn(5)}&time=${at(5, '15:00')}`);
    // Arrow keys move through the day's times, as in any radio group.
    await user.keyboard('{ArrowLeft}');
    expect(timeRadio('10:00', 5)).toBeChecked();
    expect(address()).toBe(`Address: ?service=2&day=${dayIn(5)}&time=${at(5, '10:00')}`);
  });
});

describe('the checkout picker: the address', () => {
  it('a reload with a day and time in the address shows that choice again', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() =>
      answer(at(3, '09:00'), at(7, '10:00'), at(7, '14:30')),
    );
    renderSection(`service=2&day=${dayIn(7)}&time=${encodeURIComponent(at(7, '14:30'))}`);
    expect(await screen.findByText(`You are booking:`, { exact: false })).toHaveTextContent(
      'You are booking: Couples Counselling — 60 minutes, in person in Bristol',
    );
    expect(timeRadio('14:30', 7)).toBeChecked();
    expect(dayRadio(7)).toBeChecked();
    expect(screen.getByText(/^Your choice:/)).toHaveTextContent(
      `Your choice: ${dayName(dayIn(7))}, 14:30 (UK time)`,
    );
  });

  it('ignores a day and time that do not parse, and shows the first free day', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(3, '09:00')));
    renderSection('service=2&day=2027-02-30&time=%3Cscript%3E');
    expect(await screen.findByRole('group', { name: /^Choose a day/ })).toBeVisible();
    expect(dayRadio(3)).toBeChecked();
    expect(timeRadio('09:00', 3)).not.toBeChecked();
    expect(screen.getByText('Choose a start time above.')).toBeInTheDocument();
  });

  it('ignores a day outside the horizon', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(3, '09:00')));
    renderSection(`service=2&day=${addDays(today, -3)}`);
    expect(await screen.findByRole('group', { name: /^Choose a day/ })).toBeVisible();
    expect(dayRadio(3)).toBeChecked();
  });

  it('says so when the time in a link is no longer free', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(3, '09:00')));
    renderSection(`service=2&time=${encodeURIComponent(at(3, '10:00'))}`);
    expect(
      await screen.findByText('That time has just been taken. Choose another below.', {
        exact: false,
      }),
    ).toHaveTextContent(
      `That time has just been taken. Choose another below.It was ${dayName(dayIn(3))} at 10:00 (UK time).`,
    );
    expect(timeRadio('09:00', 3)).not.toBeChecked();
  });

  it('an unknown service offers the list, the free call included', async () => {
    renderSection('service=999');
    expect(screen.getByText('That service is not on our list. Please choose one of these.'));
    const choice = screen.getByRole('group', { name: 'Choose a service' });
    expect(
      within(choice)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Couples Counselling60 minutes, in person in Bristol',
      'Free 20-minute callfree, by phone or video',
    ]);
  });

  it('resolves the free call (service 1000), which has no card of its own', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(3, '09:00')));
    renderSection('service=1000');
    expect(await screen.findByText('You are booking:', { exact: false })).toHaveTextContent(
      'You are booking: Free 20-minute call — free, by phone or video',
    );
    expect(vi.mocked(fetchAvailability).mock.calls[0]?.[0]).toBe(1000);
    expect(screen.getByText('This call is free: no payment is asked for.')).toBeInTheDocument();
  });
});

describe('the checkout request', () => {
  it("shows the server's sentence for too many open requests, keeping the chosen time and the note", async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '09:00')));
    vi.mocked(requestBooking).mockRejectedValue(
      new ApiError('You already have 3 open requests. Wait for an answer first.', 429),
    );
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    const time = timeRadio('09:00', 10);
    await user.click(time);
    await user.type(screen.getByLabelText('Note for the practitioner (optional)'), 'Any evening');
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 3 open requests. Wait for an answer first.',
    );
    expect(time).toBeChecked();
    expect(screen.getByLabelText('Note for the practitioner (optional)')).toHaveValue(
      'Any evening',
    );
    expect(requestBooking).toHaveBeenCalledWith({
      serviceId: 2,
      start: at(10, '09:00'),
      note: 'Any evening',
    });
  });

  it('asks a service held in person or by video which the client wants, and sends it', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '09:00')));
    vi.mocked(requestBooking).mockRejectedValue(new ApiError('Try again.', 500));
    const individual = v.parse(ServiceSchema, { ...couples, id: 1, format: 'in-person-or-video' });
    render(
      <MemoryRouter initialEntries={['/checkout?service=1']}>
        <BookingSection services={{ status: 'ready', services: [individual] }} />
      </MemoryRouter>,
    );
    await screen.findByRole('group', { name: /^Choose a day/ });
    const meet = screen.getByRole('group', { name: 'How would you like to meet?' });
    expect(
      within(meet).getByRole('radio', { name: /^In person, at 24 Queen Square/ }),
    ).toBeChecked();
    await user.click(within(meet).getByRole('radio', { name: /^By video/ }));
    await user.click(timeRadio('09:00', 10));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    await screen.findByRole('alert');
    expect(requestBooking).toHaveBeenCalledWith(
      expect.objectContaining({ serviceId: 1, mode: 'video' }),
    );
  });

  it('does not ask a service held in one way only', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '09:00')));
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    expect(screen.queryByRole('group', { name: 'How would you like to meet?' })).toBeNull();
  });

  it('asks for a time first', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '09:00')));
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Request this time' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a start time first.');
    expect(requestBooking).not.toHaveBeenCalled();
  });

  it('after a 409, clears the choice, says why and asks for the times again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability)
      .mockImplementationOnce(() => answer(at(10, '09:00')))
      .mockImplementation(() => answer(at(11, '09:00')));
    vi.mocked(requestBooking).mockRejectedValue(
      new ApiError('Someone else has just asked for that time.', 409),
    );
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    await user.click(timeRadio('09:00', 10));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Someone else has just asked for that time\. .* is no longer free; the times below are up to date\. Please choose another\.$/,
    );
    expect(screen.getByText('Choose a start time above.')).toBeInTheDocument();
    // The day chosen stays, now empty; the other days say what is still free.
    expect(
      await screen.findByText(`No free times on ${dayName(dayIn(10))}. Please choose another day.`),
    ).toBeInTheDocument();
    expect(dayRadio(10)).toBeDisabled();
    expect(dayRadio(11)).toHaveAccessibleName(`${dayName(dayIn(11))}, 1 free time`);
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
    // The router changes the address in a transition, which React may finish after the rest.
    await waitFor(() => expect(address()).toBe(`Address: ?service=2&day=${dayIn(10)}`));
  });

  it('once sent, shows the request and moves focus to its heading', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation(() => answer(at(10, '09:00')));
    vi.mocked(requestBooking).mockResolvedValue({
      id: 'b1',
      serviceId: 2,
      start: at(10, '09:00'),
      end: at(10, '10:00'),
      status: 'requested',
      note: '',
    });
    renderSection();
    await screen.findByRole('group', { name: /^Choose a day/ });
    await user.click(timeRadio('09:00', 10));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    const heading = await screen.findByRole('heading', { name: 'Your request has been sent' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See My bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
  });

  it('says when the free times could not be read, and asks again on "Try again"', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability)
      .mockRejectedValueOnce(new ApiError('The booking service is not answering.', 503))
      .mockImplementation(() => answer(at(3, '09:00')));
    renderSection();
    expect(await screen.findByText(/The booking service is not answering\./)).toHaveClass(
      'alert-warning',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: /^Choose a day/ })).toBeVisible();
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
  });

  it('says so when no day of the horizon has a free time', async () => {
    vi.mocked(fetchAvailability).mockImplementation(() => answer());
    renderSection();
    expect(
      await screen.findByText(`No free times in the next ${RULE_SENTENCES.horizon}.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Choose a day/ })).not.toBeInTheDocument();
  });
});
