import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Booking, Series, SharedSeries, SharedSession } from '../../../shared/booking';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { ApiError } from '../../lib/api-client';
import { goTo, startCheckout } from '../../lib/payments-api';
import { cancelBooking, fetchAvailability, fetchMyBookings } from './bookings-api';
import { MyBookings } from './my-bookings';
import { endSeries, fetchMySeries, moveBooking } from './series-api';

vi.mock('./bookings-api', () => ({
  fetchMyBookings: vi.fn(),
  cancelBooking: vi.fn(),
  fetchAvailability: vi.fn(),
}));
vi.mock('./series-api', () => ({
  fetchMySeries: vi.fn(),
  moveBooking: vi.fn(),
  endSeries: vi.fn(),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/payments-api', () => ({ startCheckout: vi.fn(), goTo: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

// Monday 5 April 2027, 21:00 in London (BST): the first Tuesday session is less than a day away.
const NOW = new Date('2027-04-05T20:00:00Z');
const session = (id: string, start: string, actions: ('cancel' | 'move')[]) => ({
  id,
  start,
  end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
  status: 'confirmed' as const,
  actions,
});
const weekly: Series = {
  id: 'r1',
  serviceId: 4,
  serviceName: 'Cognitive Behavioural Therapy',
  everyWeeks: 1,
  status: 'confirmed',
  weekday: 'Tuesday',
  time: '18:00',
  firstStart: '2027-04-06T17:00:00.000Z',
  note: '',
  sessions: [
    session('s1', '2027-04-06T17:00:00.000Z', []),
    session('s2', '2027-04-13T17:00:00.000Z', ['cancel', 'move']),
    session('s3', '2027-04-27T17:00:00.000Z', ['cancel', 'move']),
  ],
  skipped: ['2027-04-20T17:00:00.000Z'],
  endable: true,
};
const asBooking = (each: Series['sessions'][number]): Booking => ({
  ...each,
  serviceId: 4,
  serviceName: 'Cognitive Behavioural Therapy',
  note: '',
  cancellable: each.actions?.includes('cancel') ?? false,
  seriesId: 'r1',
});
const oneOff: Booking = {
  id: 'b9',
  serviceId: 1,
  serviceName: 'Individual Counselling',
  start: '2027-04-15T09:00:00.000Z',
  end: '2027-04-15T10:00:00.000Z',
  status: 'requested',
  note: '',
  cancellable: true,
  actions: ['cancel', 'move'],
  seriesId: null,
};

function answer(series: Series) {
  vi.mocked(fetchMySeries).mockResolvedValue({ series: [series] });
  vi.mocked(fetchMyBookings).mockResolvedValue({
    bookings: [...series.sessions.map(asBooking), oneOff],
  });
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <MyBookings />
    </MemoryRouter>,
  );

describe('My bookings: standing series', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const mock of [fetchMyBookings, fetchMySeries, cancelBooking, moveBooking, endSeries])
      vi.mocked(mock).mockReset();
    vi.mocked(fetchAvailability).mockReset();
    vi.mocked(fetchAvailability).mockResolvedValue({
      timeZone: 'Europe/London',
      slots: [
        { start: '2027-04-14T09:00:00.000Z', end: '2027-04-14T09:50:00.000Z' },
        { start: '2027-04-14T10:00:00.000Z', end: '2027-04-14T10:50:00.000Z' },
      ],
    });
    answer(weekly);
  });
  afterEach(() => vi.useRealTimers());

  it('shows each series as one group with its summary, status and next sessions', async () => {
    renderPage();
    const regular = await screen.findByRole('region', { name: 'Regular sessions' });
    const group = within(regular).getByRole('listitem', { name: 'Cognitive Behavioural Therapy' });
    expect(
      within(group).getByText(
        'Weekly, Tuesdays 18:00, from 6 April, 3 sessions, 1 week skipped: 20 April (UK time)',
      ),
    ).toBeInTheDocument();
    expect(within(group).getByText('Series: Confirmed')).toBeInTheDocument();
    expect(within(group).getByText(/^Tuesday 13 April 2027, 18:00 to 18:50/)).toBeInTheDocument();
    // Its sessions are not listed again as one-off bookings; the one-off stays where it was.
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).queryByText(/Cognitive Behavioural Therapy/)).not.toBeInTheDocument();
    expect(within(upcoming).getByRole('heading', { name: 'Individual Counselling' })).toBeVisible();
  });

  it('offers "Set up monthly payment" on a confirmed, unpaid series and goes to Checkout', async () => {
    const user = userEvent.setup();
    answer({ ...weekly, payment: { status: 'unpaid', amount: 24000 } });
    vi.mocked(startCheckout).mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_2' });
    renderPage();
    const regular = await screen.findByRole('region', { name: 'Regular sessions' });
    const group = within(regular).getByRole('listitem', { name: 'Cognitive Behavioural Therapy' });
    expect(within(group).getByText('Payment: Unpaid')).toBeInTheDocument();
    await user.click(
      within(group).getByRole('button', {
        name: 'Set up monthly payment: £240.00 a month for Cognitive Behavioural Therapy',
      }),
    );
    expect(startCheckout).toHaveBeenCalledWith({ seriesId: 'r1', from: 'bookings' });
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2');
  });

  it('shows a paid series "Paid to" its date, and a failed renewal as due with the way to pay', async () => {
    answer({ ...weekly, payment: { status: 'paid', paidUntil: '2027-05-06T17:00:00.000Z' } });
    const { unmount } = renderPage();
    expect(await screen.findByText('Payment: Paid to Thursday 6 May 2027')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Set up monthly payment/ }),
    ).not.toBeInTheDocument();
    unmount();
    answer({ ...weekly, payment: { status: 'due' } });
    renderPage();
    expect(await screen.findByText('Payment: Payment due')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update your card in Billing' })).toHaveAttribute(
      'href',
      '/account/billing',
    );
  });

  it('moves one session: sends the new start to that session and shows the new time', async () => {
    const user = userEvent.setup();
    const moved = {
      ...weekly.sessions[1]!,
      start: '2027-04-14T09:00:00.000Z',
      end: '2027-04-14T09:50:00.000Z',
    };
    vi.mocked(moveBooking).mockImplementation(async () => {
      answer({ ...weekly, sessions: [weekly.sessions[0]!, moved, weekly.sessions[2]!] });
      return asBooking(moved);
    });
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Move the session on Tuesday 13 April, 18:00' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Move Cognitive Behavioural Therapy on Tuesday 13 April, 18:00',
    });
    expect(within(dialog).getByText(/^Now: Tuesday 13 April 2027, 18:00 to 18:50/)).toBeVisible();
    await user.click(
      await within(dialog).findByRole('radio', { name: /^10:00, Wednesday 14 April/ }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Move to Wednesday 14 April, 10:00' }),
    );
    expect(moveBooking).toHaveBeenCalledWith('s2', '2027-04-14T09:00:00.000Z', false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/^Wednesday 14 April 2027, 10:00 to 10:50/)).toBeInTheDocument();
  });

  it('keeps the move dialog open when the time was just taken, with the sentence and fresh times', async () => {
    const user = userEvent.setup();
    vi.mocked(moveBooking).mockRejectedValue(new ApiError('That time has just been taken.', 409));
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Move the session on Tuesday 13 April, 18:00' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('radio', { name: /^11:00, Wednesday 14 April/ }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Move to Wednesday 14 April, 11:00' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That time has just been taken.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    await waitFor(() => expect(fetchAvailability).toHaveBeenCalledTimes(2));
    expect(within(dialog).getByRole('button', { name: 'Choose a new time' })).toBeDisabled();
  });

  it('shows the sentence of a move outside the rules', async () => {
    const user = userEvent.setup();
    vi.mocked(moveBooking).mockRejectedValue(new ApiError(RULE_SENTENCES.moveTooLate, 422));
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Move the session on Tuesday 13 April, 18:00' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('radio', { name: /^10:00, Wednesday 14 April/ }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Move to Wednesday 14 April, 10:00' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RULE_SENTENCES.moveTooLate);
  });

  it('asks before skipping a week, then cancels that one session', async () => {
    const user = userEvent.setup();
    vi.mocked(cancelBooking).mockResolvedValue({
      ...asBooking(weekly.sessions[1]!),
      status: 'cancelled',
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Skip Tuesday 13 April, 18:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip this week?' });
    expect(within(dialog).getByText(/^Skip Tuesday 13 April, 18:00\?/)).toBeVisible();
    expect(cancelBooking).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(cancelBooking).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Skip Tuesday 13 April, 18:00' }));
    await user.click(screen.getByRole('button', { name: 'Yes, skip it' }));
    expect(cancelBooking).toHaveBeenCalledWith('s2');
    await waitFor(() => expect(fetchMySeries).toHaveBeenCalledTimes(2));
  });

  it('asks before ending the series, saying what happens, then shows it ended', async () => {
    const user = userEvent.setup();
    vi.mocked(endSeries).mockImplementation(async () => {
      const ended: Series = {
        ...weekly,
        status: 'ended',
        endable: false,
        sessions: [
          weekly.sessions[0]!,
          ...weekly.sessions
            .slice(1)
            .map((each) => ({ ...each, status: 'cancelled' as const, actions: [] })),
        ],
      };
      answer(ended);
      return ended;
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'End these sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'End these sessions?' });
    expect(dialog).toHaveTextContent(
      'Every session more than 24 hours ahead will be cancelled. Sessions that have taken place, and any less than 24 hours away, stay as they are.',
    );
    expect(dialog).toHaveTextContent('2 sessions will be cancelled.');
    expect(endSeries).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, end them' }));
    expect(endSeries).toHaveBeenCalledWith('r1');
    expect(await screen.findByText('Series: Ended')).toBeInTheDocument();
    expect(screen.getByText('These sessions have ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End these sessions' })).not.toBeInTheDocument();
    // Its button is gone: focus goes to the series' heading, not to the top of the page.
    expect(screen.getByRole('heading', { name: 'Cognitive Behavioural Therapy' })).toHaveFocus();
  });

  it('within the notice period, says to phone the practice and gives its number', async () => {
    renderPage();
    const first = (await screen.findByText(/^Tuesday 6 April 2027, 18:00 to 18:50/)).closest('li')!;
    expect(within(first).getByText(new RegExp(`^${RULE_SENTENCES.tooLateToChange}`))).toBeVisible();
    expect(within(first).getByRole('link', { name: '0117 496 0321' })).toHaveAttribute(
      'href',
      'tel:+441174960321',
    );
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('My bookings: a couple’s standing time', () => {
  const couples: Series = {
    ...weekly,
    serviceId: 2,
    serviceName: 'Couples Counselling',
    participants: [{ name: 'Pat <b>Partner</b>', status: 'joined', agreementAccepted: false }],
  };
  const asShared = (each: Series['sessions'][number]): SharedSession => ({
    id: each.id,
    start: each.start,
    end: each.end,
    status: each.status,
    seriesId: 'r1',
    mode: 'in-person',
    cancellable: each.actions?.includes('cancel') ?? false,
    actions: each.actions ?? [],
    serviceId: 2,
    serviceName: 'Couples Counselling',
    role: 'participant',
    bookedBy: 'Ada Booker',
    coming: ['Ada Booker'],
    children: [],
    intakeToDo: false,
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const mock of [fetchMyBookings, fetchMySeries, cancelBooking, endSeries])
      vi.mocked(mock).mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('tells the booker, in words, whose agreement is still to do', async () => {
    answer({ ...couples, payment: { status: 'unpaid', amount: 32000 } });
    renderPage();
    const regular = await screen.findByRole('region', { name: 'Regular sessions' });
    const group = within(regular).getByRole('listitem', { name: 'Couples Counselling' });
    expect(
      within(group).getByText('With Pat <b>Partner</b> (joined, intake and agreement to do)'),
    ).toBeInTheDocument();
    expect(within(group).getByText('Payment: Unpaid')).toBeInTheDocument();
  });

  it('shows a joined partner the series: booked by, paid by the booker, cancel one session only', async () => {
    const user = userEvent.setup();
    const shared: SharedSeries = {
      id: couples.id,
      serviceId: 2,
      serviceName: 'Couples Counselling',
      everyWeeks: couples.everyWeeks,
      status: couples.status,
      weekday: couples.weekday,
      time: couples.time,
      firstStart: couples.firstStart,
      skipped: couples.skipped,
      role: 'participant',
      bookedBy: 'Ada Booker',
      coming: ['Ada Booker'],
      children: [],
      intakeToDo: false,
      sessions: couples.sessions.map((each) => ({
        ...each,
        actions: (each.actions ?? []).filter((action) => action === 'cancel'),
      })),
    };
    vi.mocked(fetchMySeries).mockResolvedValue({ series: [shared] });
    vi.mocked(fetchMyBookings).mockResolvedValue({ bookings: shared.sessions.map(asShared) });
    vi.mocked(cancelBooking).mockResolvedValue(asShared(shared.sessions[1]!));
    renderPage();
    const regular = await screen.findByRole('region', { name: 'Regular sessions' });
    const group = within(regular).getByRole('listitem', { name: 'Couples Counselling' });
    // Who else is coming, the booker named as such; never the partner to themselves.
    expect(within(group).getByText('With Ada Booker (who booked)')).toBeInTheDocument();
    expect(within(group).queryByText(/Pat Partner/)).not.toBeInTheDocument();
    expect(within(group).queryByText(/Still to do/)).not.toBeInTheDocument();
    expect(within(group).getByText('Paid by the person who booked')).toBeInTheDocument();
    expect(within(group).queryByText(/Payment:/)).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /Set up monthly payment/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: /^Skip/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'End these sessions' })).toBeNull();
    // Listed once: with the series, not again under Upcoming.
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).queryByText(/Couples Counselling/)).not.toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Cancel Tuesday 13 April, 18:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveTextContent(
      'That session is cancelled for everyone in the room, and Ada Booker and the practice are told',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(cancelBooking).toHaveBeenCalledWith('s2');
  });
});
