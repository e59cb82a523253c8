import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Diary, PracticeBooking, Series } from '../../../shared/booking';
import { ApiError } from '../../lib/api-client';
import { firebaseAuth } from '../../lib/firebase';
import { showToast } from '../../lib/toast';
import { screenWidth } from '../../testing/screen-width';
import { answerBooking, answerSeries, fetchDiary } from './practice-api';
import { PracticeDiary } from './practice-diary';
import { PracticePage } from './practice-page';
import { GateAccountContext } from '../../lib/gate-account';

vi.mock('./practice-api', () => ({
  // Her own calendar has its own tests (busy-calendar-form.test.tsx): not connected here.
  fetchBusyCalendar: () => Promise.resolve({ connected: false }),
  fetchDiary: vi.fn(),
  answerBooking: vi.fn(),
  answerBookingOnLeave: vi.fn(),
  answerSeries: vi.fn(),
  blockTime: vi.fn(),
  removeBlock: vi.fn(),
  retryMessage: vi.fn(),
  // The waiting list has its own file and tests (waitlist-section.test.tsx): empty here.
  fetchPracticeWaitlist: () => Promise.resolve({ entries: [] }),
  removeWaitlistEntry: vi.fn(),
}));
vi.mock('./given-up-api', () => ({ fetchGivenUp: () => Promise.resolve({ items: [] }) }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

// Wednesday 8 April 2026, 09:00 in London (BST).
const NOW = new Date('2026-04-08T08:00:00Z');
const WEEK_MS = 7 * 86_400_000;

function booking(id: string, start: string, extra: Partial<PracticeBooking> = {}): PracticeBooking {
  return {
    id,
    serviceId: 4,
    serviceName: 'Anxiety and Stress (CBT)',
    start,
    end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    status: 'requested',
    note: '',
    clientName: `Client ${id}`,
    clientEmail: `${id}@example.com`,
    actions: extra.status === 'confirmed' ? ['cancel'] : ['confirm', 'decline', 'cancel'],
    reminder: null,
    seriesId: null,
    ...extra,
  };
}

/** A weekly series on Thursdays 18:00 from 9 April: three sessions, 23 April skipped. */
const FIRST = '2026-04-09T17:00:00Z';
const later = (weeks: number) => new Date(Date.parse(FIRST) + weeks * WEEK_MS).toISOString();
const sessions = [0, 1, 3].map((weeks) =>
  booking(`s${weeks}`, later(weeks), {
    seriesId: 'ser-1',
    clientName: 'Robin Series',
    clientEmail: 'robin@example.com',
    clientUid: 'uid-robin',
    note: 'Ground floor room, please',
  }),
);
const series: Series = {
  id: 'ser-1',
  serviceId: 4,
  serviceName: 'Anxiety and Stress (CBT)',
  everyWeeks: 1,
  status: 'requested',
  weekday: 'Thursday',
  time: '18:00',
  firstStart: FIRST,
  note: 'Ground floor room, please',
  sessions: sessions.map(({ id, start, end, status }) => ({ id, start, end, status })),
  skipped: [later(2)],
  endable: true,
  clientName: 'Robin Series',
  clientEmail: 'robin@example.com',
};
const SUMMARY = 'Weekly, Thursdays 18:00, from 9 April, 3 sessions, 1 week skipped: 23 April';

const diary = (bookings: PracticeBooking[] = [], seriesRequests: Series[] = []): Diary => ({
  bookings,
  blocks: [],
  seriesRequests,
});

function serve({ week = diary(), horizon = diary() }: { week?: Diary; horizon?: Diary }) {
  vi.mocked(fetchDiary).mockImplementation((range) => Promise.resolve(range ? week : horizon));
}

const renderDiary = () =>
  render(
    <MemoryRouter>
      <PracticeDiary />
    </MemoryRouter>,
  );

const waitingList = () => within(screen.getByRole('region', { name: /^Waiting for you/ }));

describe('series in the diary', () => {
  let user: ReturnType<typeof userEvent.setup>;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.mocked(fetchDiary).mockReset();
    vi.mocked(answerBooking).mockReset();
    vi.mocked(answerSeries).mockReset();
    vi.mocked(showToast).mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a series request once, with its summary, the client and the note', async () => {
    const oneOff = booking('one', '2026-04-10T09:00:00Z', { clientName: 'Alex One' });
    serve({ horizon: diary([...sessions, oneOff], [series]) });
    renderDiary();
    const rows = await waitingList().findAllByRole('listitem');
    // The series and the one-off request: none of the series' three sessions has a row of its own.
    expect(rows).toHaveLength(2);
    const [item] = rows;
    expect(within(item!).getByRole('heading')).toHaveTextContent(
      `Anxiety and Stress (CBT): ${SUMMARY}`,
    );
    expect(item).toHaveTextContent('Note: Ground floor room, please');
    expect(within(item!).getByRole('link', { name: 'Robin Series’s record' })).toHaveAttribute(
      'href',
      '/practice/clients/uid-robin',
    );
    expect(
      within(item!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirm series', 'Decline series']);
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toHaveTextContent(
      'Waiting for you2',
    );
    expect(screen.getAllByText(/Ground floor room, please/)).toHaveLength(1);
  });

  it('Confirm sends the whole series to /confirm, and the item stays, answered', async () => {
    serve({ horizon: diary(sessions, [series]) });
    vi.mocked(answerSeries).mockResolvedValue({ ...series, status: 'confirmed' });
    renderDiary();
    await user.click(
      await screen.findByRole('button', {
        name: 'Confirm the weekly series of Anxiety and Stress (CBT) with Robin Series',
      }),
    );
    expect(answerSeries).toHaveBeenCalledExactlyOnceWith('ser-1', 'confirm');
    expect(answerBooking).not.toHaveBeenCalled();
    // The server no longer lists it as waiting; the item keeps its place with the answer.
    serve({
      horizon: diary(
        sessions.map((each) => ({ ...each, status: 'confirmed' as const })),
        [],
      ),
    });
    await waitFor(() =>
      expect(waitingList().getByText('Confirmed; the client is told.')).toHaveFocus(),
    );
    expect(waitingList().getAllByRole('listitem')).toHaveLength(1);
    expect(showToast).toHaveBeenCalledWith(
      'Confirmed the series of Anxiety and Stress (CBT) with Robin Series.',
    );
  });

  it('Decline asks first: Keep it sends nothing; Decline series sends /decline', async () => {
    serve({ horizon: diary(sessions, [series]) });
    vi.mocked(answerSeries).mockResolvedValue({ ...series, status: 'declined' });
    renderDiary();
    const decline = await screen.findByRole('button', { name: /^Decline the weekly series/ });
    await user.click(decline);
    const ask = await screen.findByRole('dialog', { name: 'Decline this series?' });
    expect(ask).toHaveTextContent(SUMMARY);
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answerSeries).not.toHaveBeenCalled();
    await waitFor(() => expect(decline).toHaveFocus());

    await user.click(decline);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline series' }),
    );
    expect(answerSeries).toHaveBeenCalledExactlyOnceWith('ser-1', 'decline');
    expect(await waitingList().findByText('Declined; the client is told.')).toBeInTheDocument();
  });

  it('a refused confirm says why and keeps the buttons', async () => {
    serve({ horizon: diary(sessions, [series]) });
    vi.mocked(answerSeries).mockRejectedValue(
      new ApiError('This series is already confirmed.', 409),
    );
    renderDiary();
    await user.click(await screen.findByRole('button', { name: /^Confirm the weekly series/ }));
    expect(await waitingList().findByRole('alert')).toHaveTextContent(
      'This series is already confirmed.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Confirm the weekly series/ })).toHaveFocus(),
    );
  });

  it('tags the sessions of a series in the grid and the day list, and the dialog can end it', async () => {
    const confirmed = [0, 1].map((weeks) =>
      booking(`c${weeks}`, later(weeks), {
        status: 'confirmed',
        seriesId: 'ser-2',
        clientName: 'Sam Weekly',
        clientUid: 'uid-sam',
      }),
    );
    const fortnightly = [0, 2].map((weeks) =>
      booking(
        `f${weeks}`,
        new Date(Date.parse('2026-04-10T08:00:00Z') + weeks * WEEK_MS).toISOString(),
        {
          status: 'confirmed',
          seriesId: 'ser-3',
          clientName: 'Fran Fortnightly',
        },
      ),
    );
    const single = booking('single', '2026-04-09T09:00:00Z', {
      status: 'confirmed',
      clientName: 'Oona Once',
    });
    serve({
      week: diary([confirmed[0]!, fortnightly[0]!, single]),
      horizon: diary([...confirmed, ...fortnightly, single]),
    });
    vi.mocked(answerSeries).mockResolvedValue({
      ...series,
      id: 'ser-2',
      status: 'ended',
      clientName: 'Sam Weekly',
    });
    const screenNow = screenWidth(375);
    renderDiary();
    // The day list, then the grid: each tags the series' sessions.
    for (const width of [375, 1280]) {
      screenNow.turn(width);
      const sam = await screen.findAllByRole('button', { name: /^18:00 to 18:50 Sam Weekly/ });
      expect(sam).toHaveLength(1);
      for (const each of sam) expect(each).toHaveAccessibleName(/Weekly series/);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Fran Fortnightly/ })).toHaveAccessibleName(
          /Fortnightly series/,
        ),
      );
      expect(screen.getByRole('button', { name: /Oona Once/ })).not.toHaveAccessibleName(
        /series|Weekly/i,
      );
    }

    await user.click(screen.getByRole('button', { name: /^18:00 to 18:50 Sam Weekly/ }));
    const details = await screen.findByRole('dialog', {
      name: 'Anxiety and Stress (CBT) with Sam Weekly',
    });
    expect(details).toHaveTextContent('SeriesWeekly series');
    expect(within(details).getByRole('link', { name: 'Sam Weekly’s record' })).toHaveAttribute(
      'href',
      '/practice/clients/uid-sam',
    );
    await user.click(within(details).getByRole('button', { name: 'End this series' }));
    const ask = await screen.findByRole('dialog', { name: 'End this series?' });
    expect(ask).toHaveTextContent('Every session of it still ahead is cancelled');
    expect(answerSeries).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'End series' }));
    expect(answerSeries).toHaveBeenCalledExactlyOnceWith('ser-2', 'end');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(showToast).toHaveBeenCalledWith(
      expect.stringMatching(/^Ended the series .* with Sam Weekly: every session ahead/),
    );
  });

  it('a one-off session offers no End this series, and its client without a uid is no link', async () => {
    const single = booking('single', '2026-04-09T09:00:00Z', {
      status: 'confirmed',
      clientName: 'Oona Once',
    });
    serve({ week: diary([single]), horizon: diary([single]) });
    renderDiary();
    const [inGrid] = await screen.findAllByRole('button', { name: /^10:00 to 10:50 Oona Once/ });
    await user.click(inGrid!);
    const details = await screen.findByRole('dialog');
    expect(within(details).queryByRole('button', { name: 'End this series' })).toBeNull();
    expect(within(details).queryByRole('link', { name: /record/ })).toBeNull();
  });
});

describe('the diary page’s notices slot', () => {
  beforeEach(() => {
    vi.mocked(fetchDiary).mockReset().mockResolvedValue(diary());
  });

  const signedInAs = (practitioner: boolean) =>
    vi.mocked(firebaseAuth).mockReturnValue({
      currentUser: {
        getIdTokenResult: () =>
          Promise.resolve({ claims: { practitioner, second_factor: 'passkey' } }),
      },
    } as unknown as ReturnType<typeof firebaseAuth>);

  it('renders what it is given at the top, for the practitioner', async () => {
    signedInAs(true);
    render(
      <MemoryRouter>
        <GateAccountContext.Provider value={{ uid: 'uid-her', emailVerified: true }}>
          <PracticePage notices={<p>A notice from elsewhere</p>} />
        </GateAccountContext.Provider>
      </MemoryRouter>,
    );
    const notice = await screen.findByText('A notice from elsewhere');
    const waiting = screen.getByRole('heading', { name: 'Waiting for you' });
    // Before the waiting list in the page's order.
    expect(notice.compareDocumentPosition(waiting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never renders it for anyone else', async () => {
    signedInAs(false);
    render(
      <MemoryRouter>
        <GateAccountContext.Provider value={{ uid: 'uid-her', emailVerified: true }}>
          <PracticePage notices={<p>A notice from elsewhere</p>} />
        </GateAccountContext.Provider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByText('A notice from elsewhere')).toBeNull();
  });
});
