import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import * as v from 'valibot';
import { ServiceSchema, type Service } from '../../../shared/service';
import { ApiError } from '../../lib/api-client';
import { addDays, dateIn } from '../../lib/practice-time';
import { BookingSection } from './booking-section';
import { fetchAvailability, requestBooking } from './bookings-api';

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

function renderSection() {
  return render(
    <MemoryRouter initialEntries={['/checkout?service=2']}>
      <BookingSection services={{ status: 'ready', services: [couples] }} />
    </MemoryRouter>,
  );
}

const inTenDays = `${addDays(dateIn(Date.now()), 10)}T09:00:00.000Z`;

describe('the checkout booking section', () => {
  it('says when a week has no free times and offers the next week', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockImplementation((_service, from) =>
      Promise.resolve({
        timeZone: 'Europe/London',
        slots: from === dateIn(Date.now()) ? [] : [{ start: inTenDays, end: inTenDays }],
      }),
    );
    renderSection();
    expect(await screen.findByText(/No free times this week/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the next week' }));
    expect(await screen.findByRole('radio')).toBeInTheDocument();
    expect(vi.mocked(fetchAvailability).mock.calls.at(-1)?.[1]).toBe(
      addDays(dateIn(Date.now()), 7),
    );
  });

  it("shows the server's sentence for too many open requests, keeping the chosen time and the note", async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockResolvedValue({
      timeZone: 'Europe/London',
      slots: [{ start: inTenDays, end: inTenDays }],
    });
    vi.mocked(requestBooking).mockRejectedValue(
      new ApiError('You already have 3 open requests. Wait for an answer first.', 429),
    );
    renderSection();
    const time = await screen.findByRole('radio');
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
      start: inTenDays,
      note: 'Any evening',
    });
  });

  it('names each time by its day and UK time', async () => {
    vi.mocked(fetchAvailability).mockResolvedValue({
      timeZone: 'Europe/London',
      slots: [{ start: '2026-07-15T09:00:00.000Z', end: '2026-07-15T10:00:00.000Z' }],
    });
    renderSection();
    expect(await screen.findByRole('radio')).toHaveAccessibleName(/^Wednesday 15 July, 10:00/);
  });

  it('after a 409, clears the choice, says why and asks for the times again', async () => {
    const user = userEvent.setup();
    const inElevenDays = `${addDays(dateIn(Date.now()), 11)}T09:00:00.000Z`;
    vi.mocked(fetchAvailability)
      .mockReset()
      .mockResolvedValueOnce({
        timeZone: 'Europe/London',
        slots: [{ start: inTenDays, end: inTenDays }],
      })
      .mockResolvedValue({
        timeZone: 'Europe/London',
        slots: [{ start: inElevenDays, end: inElevenDays }],
      });
    vi.mocked(requestBooking).mockRejectedValue(
      new ApiError('Someone else has just asked for that time.', 409),
    );
    renderSection();
    await user.click(await screen.findByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Someone else has just asked for that time\. .* is no longer free; the times below are up to date\. Please choose another\.$/,
    );
    expect(screen.getByText('Choose a start time above.')).toBeInTheDocument();
    expect(await screen.findByRole('radio')).toHaveAttribute('value', inElevenDays);
    expect(screen.getByRole('radio')).not.toBeChecked();
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
  });

  it('once sent, shows the request and moves focus to its heading', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchAvailability).mockResolvedValue({
      timeZone: 'Europe/London',
      slots: [{ start: inTenDays, end: inTenDays }],
    });
    vi.mocked(requestBooking).mockResolvedValue({
      id: 'b1',
      serviceId: 2,
      start: inTenDays,
      end: inTenDays,
      status: 'requested',
      note: '',
    });
    renderSection();
    await user.click(await screen.findByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    const heading = await screen.findByRole('heading', { name: 'Your request has been sent' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See My bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
  });
});
