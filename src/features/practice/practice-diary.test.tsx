import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Diary, PracticeBooking } from '../../../shared/booking';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { screenWidth } from '../../testing/screen-width';
import { answerBooking, answerBookingOnLeave, fetchBusyCalendar, fetchDiary } from './practice-api';
import { PracticeDiary } from './practice-diary';
import { UNDO_MS } from './use-deferred-answer';

vi.mock('./practice-api', () => ({
  // Her own calendar: not connected unless a test says so (its form: busy-calendar-form.test.tsx).
  fetchBusyCalendar: vi.fn(),
  fetchDiary: vi.fn(),
  answerBooking: vi.fn(),
  answerBookingOnLeave: vi.fn(),
  blockTime: vi.fn(),
  removeBlock: vi.fn(),
  // The waiting list has its own file and tests (waitlist-section.test.tsx): empty here.
  fetchPracticeWaitlist: () => Promise.resolve({ entries: [] }),
  removeWaitlistEntry: vi.fn(),
}));
// What was given up has its own file and tests (needs-attention.test.tsx): nothing here.
vi.mock('./given-up-api', () => ({ fetchGivenUp: () => Promise.resolve({ items: [] }) }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
// No Firebase in unit tests: the API calls themselves are replaced above.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

// Wednesday 8 April 2026, 09:00 in London (BST).
const NOW = new Date('2026-04-08T08:00:00Z');

function booking(id: string, start: string, extra: Partial<PracticeBooking> = {}): PracticeBooking {
  return {
    id,
    serviceId: 1,
    serviceName: 'Individual Counselling',
    start,
    end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    status: 'requested',
    note: '',
    clientName: `Client ${id}`,
    clientEmail: `${id}@example.com`,
    actions: extra.status === 'confirmed' ? ['cancel'] : ['confirm', 'decline', 'cancel'],
    reminder: null,
    ...extra,
  };
}

const diary = (bookings: PracticeBooking[] = []): Diary => ({ bookings, blocks: [] });

/** The API as the diary sees it: the week asked for, and the whole horizon without dates. */
function serve({ week = diary(), horizon = diary() }: { week?: Diary; horizon?: Diary }) {
  vi.mocked(fetchDiary).mockImplementation((range) => Promise.resolve(range ? week : horizon));
}

const waitingList = () => within(screen.getByRole('region', { name: /^Waiting for you/ }));
const rowOf = (name: string) => {
  const row = waitingList().getByText(new RegExp(name)).closest('li');
  if (!row) throw new Error(`No waiting row for ${name}`);
  return within(row);
};
const timePasses = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const undoWindowPasses = () => timePasses(UNDO_MS);
/** Lets what an answer set off (the toast, the reloads) finish inside the test. */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });

describe("the practitioner's diary", () => {
  let user: ReturnType<typeof userEvent.setup>;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.mocked(fetchDiary).mockReset();
    vi.mocked(answerBooking).mockReset();
    vi.mocked(answerBookingOnLeave).mockReset();
    vi.mocked(showToast).mockReset();
    vi.mocked(fetchBusyCalendar).mockReset().mockResolvedValue({ connected: false });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('opens on the week holding today', () => {
    it.each([
      ['a Wednesday', '2026-04-08T08:00:00Z', '2026-04-06', 'Wednesday 8 April'],
      ['a Sunday afternoon', '2026-04-12T15:00:00Z', '2026-04-06', 'Sunday 12 April'],
      // 00:30 on Sunday in London is still Saturday in UTC: London's date decides.
      ['the first minutes of a Sunday', '2026-04-11T23:30:00Z', '2026-04-06', 'Sunday 12 April'],
      ['a Monday', '2026-04-13T07:00:00Z', '2026-04-13', 'Monday 13 April'],
    ])('on %s', async (_when, now, monday, todayName) => {
      vi.setSystemTime(new Date(now));
      serve({});
      render(<PracticeDiary />);
      await screen.findAllByText('Nothing booked.');
      expect(fetchDiary).toHaveBeenCalledWith(
        { from: monday, to: expect.any(String) },
        expect.anything(),
      );
      const [range] = vi.mocked(fetchDiary).mock.calls.find(([asked]) => asked)!;
      expect(range!.to).toBe(
        new Date(Date.parse(`${monday}T12:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10),
      );
      // Today is marked, and it is in the week shown (once: one layout is rendered).
      const todays = screen
        .getAllByRole('heading', { level: 3 })
        .filter((heading) => heading.getAttribute('aria-current') === 'date');
      expect(todays).toHaveLength(1);
      for (const heading of todays) expect(heading).toHaveTextContent(`${todayName}Today`);
      expect(screen.queryByRole('button', { name: 'Back to this week' })).not.toBeInTheDocument();
    });

    it('pages by week, and Back to this week returns', async () => {
      serve({});
      render(<PracticeDiary />);
      expect(
        await screen.findByRole('heading', { name: 'Week of Monday 6 April 2026' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next week' }));
      expect(
        await screen.findByRole('heading', { name: 'Week of Monday 13 April 2026' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back to this week' }));
      expect(
        await screen.findByRole('heading', { name: 'Week of Monday 6 April 2026' }),
      ).toBeInTheDocument();
    });
  });

  it('lists the open requests still ahead, earliest first, with the note and Confirm / Decline', async () => {
    serve({
      horizon: diary([
        booking('late', '2026-05-20T09:00:00Z'),
        booking('confirmed', '2026-04-10T09:00:00Z', { status: 'confirmed' }),
        booking('early', '2026-04-09T13:00:00Z', { note: 'Ground floor, please' }),
        booking('gone', '2026-04-08T07:00:00Z'),
        booking('middle', '2026-04-21T16:30:00Z'),
      ]),
    });
    render(<PracticeDiary />);
    const rows = await waitingList().findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'early@example.com',
      'middle@example.com',
      'late@example.com',
    ]);
    const early = rowOf('Client early');
    expect(early.getByRole('heading')).toHaveTextContent(
      'Individual Counselling: Thursday 9 April 2026, 14:00 to 14:50',
    );
    expect(early.getByText('Note: Ground floor, please')).toBeInTheDocument();
    expect(early.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Confirm',
      'Decline',
    ]);
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toHaveTextContent(
      'Waiting for you3',
    );
  });

  it('names everyone in a couple’s or family’s request, and whose intake and agreement are to do', async () => {
    serve({
      horizon: diary([
        booking('couple', '2026-04-09T13:00:00Z', {
          serviceId: 3,
          serviceName: 'Family Therapy',
          participants: [
            { name: 'Pat Partner', status: 'joined', agreementAccepted: false, email: 'p@x.test' },
            { name: 'Gran <b>Adult</b>', status: 'invited', agreementAccepted: false },
            { name: 'Uncle Done', status: 'joined', agreementAccepted: true },
          ],
          children: ['Kit'],
        }),
      ]),
    });
    render(<PracticeDiary />);
    await waitingList().findAllByRole('listitem');
    const row = rowOf('Client couple');
    expect(
      row.getByText(
        'With Pat Partner (joined, intake and agreement to do), Gran <b>Adult</b> (invited), Uncle Done (joined)',
      ),
    ).toBeInTheDocument();
    expect(row.getByText('Children: Kit')).toBeInTheDocument();
  });

  it('Confirm answers at once and the row keeps its place, with no Cancel where Confirm was', async () => {
    const request = booking('a', '2026-04-09T13:00:00Z');
    serve({ horizon: diary([request, booking('b', '2026-04-10T13:00:00Z')]) });
    vi.mocked(answerBooking).mockResolvedValue({ ...request, status: 'confirmed' });
    render(<PracticeDiary />);
    await user.click(await screen.findByRole('button', { name: /^Confirm .*Client a/ }));

    expect(answerBooking).toHaveBeenCalledWith('a', 'confirm', '');
    // The server now lists it as confirmed: the row stays, answered, without buttons.
    serve({ horizon: diary([booking('b', '2026-04-10T13:00:00Z')]) });
    await waitFor(() => expect(rowOf('Client a').getByText('Status: Confirmed')).toBeVisible());
    expect(rowOf('Client a').queryAllByRole('button')).toEqual([]);
    expect(rowOf('Client a').getByText('Confirmed; the client is told.')).toHaveFocus();
    const rows = waitingList().getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(/Client a/)).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith(
      'Confirmed: Individual Counselling with Client a, Thursday 9 April 2026 14:00.',
    );
  });

  it('shows the reason when Confirm is refused (inside blocked time) and keeps the buttons', async () => {
    serve({ horizon: diary([booking('a', '2026-04-09T13:00:00Z')]) });
    vi.mocked(answerBooking).mockRejectedValue(
      new ApiError('This time is blocked in the diary.', 409),
    );
    render(<PracticeDiary />);
    await user.click(await screen.findByRole('button', { name: /^Confirm .*Client a/ }));
    expect(await rowOf('Client a').findByRole('alert')).toHaveTextContent(
      'This time is blocked in the diary.',
    );
    expect(rowOf('Client a').getByRole('button', { name: /^Confirm/ })).toHaveFocus();
  });

  describe('Decline and Cancel ask first and wait for Undo', () => {
    const request = booking('a', '2026-04-09T13:00:00Z', { clientName: 'Jo Client' });

    async function declineWithMessage(message: string) {
      await user.click(await screen.findByRole('button', { name: /^Decline .*Jo Client/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
      expect(dialog).toHaveTextContent(
        'Jo Client asked for Individual Counselling on Thursday 9 April 2026, 14:00 to 14:50.',
      );
      const field = within(dialog).getByLabelText('Message to Jo Client (optional)');
      expect(field).toHaveFocus();
      if (message) await user.type(field, message);
      expect(dialog).toHaveTextContent(`${message.length} of 500 characters`);
      await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }

    beforeEach(() => {
      serve({ horizon: diary([request]) });
      vi.mocked(answerBooking).mockResolvedValue({ ...request, status: 'declined' });
    });

    it('sends { message } only when the undo window is over', async () => {
      render(<PracticeDiary />);
      await declineWithMessage('Sorry, I am away that week.');
      const undo = screen.getByRole('button', { name: 'Undo' });
      expect(undo).toHaveFocus();
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
        'Declining Jo Client’s request: Individual Counselling, Thursday 9 April 14:00.',
      );
      expect(rowOf('Jo Client').queryByRole('button')).not.toBeInTheDocument();

      await timePasses(UNDO_MS - 100);
      expect(answerBooking).not.toHaveBeenCalled();
      await timePasses(100);
      expect(answerBooking).toHaveBeenCalledExactlyOnceWith(
        'a',
        'decline',
        'Sorry, I am away that week.',
      );
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(await rowOf('Jo Client').findByText('Status: Declined')).toBeInTheDocument();
      // Focus was on Undo, which is gone: it goes back to the row.
      expect(rowOf('Jo Client').getByText('Declined; the client is told.')).toHaveFocus();
    });

    it('Undo sends nothing, ever, and gives the buttons back', async () => {
      render(<PracticeDiary />);
      await declineWithMessage('');
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await undoWindowPasses();
      await undoWindowPasses();
      expect(answerBooking).not.toHaveBeenCalled();
      expect(answerBookingOnLeave).not.toHaveBeenCalled();
      expect(rowOf('Jo Client').getByRole('button', { name: /^Decline/ })).toHaveFocus();
      expect(showToast).toHaveBeenCalledWith(
        'Not declined: nothing was sent to Jo Client.',
        'info',
      );
    });

    it('Keep it closes the dialog, sends nothing and returns focus to Decline', async () => {
      render(<PracticeDiary />);
      const decline = await screen.findByRole('button', { name: /^Decline .*Jo Client/ });
      await user.click(decline);
      await user.click(await screen.findByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await undoWindowPasses();
      expect(answerBooking).not.toHaveBeenCalled();
      expect(decline).toHaveFocus();
    });

    it('leaving the page sends what is held at once, as the page goes', async () => {
      vi.mocked(answerBookingOnLeave).mockResolvedValue(true);
      render(<PracticeDiary />);
      await declineWithMessage('Away');
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(answerBookingOnLeave).toHaveBeenCalledExactlyOnceWith('a', 'decline', 'Away');
      await undoWindowPasses();
      expect(answerBooking).not.toHaveBeenCalled();
      expect(await rowOf('Jo Client').findByText('Status: Declined')).toBeInTheDocument();
      await settle();
    });

    it('another page of the site (the diary unmounts) sends it at once', async () => {
      const { unmount } = render(<PracticeDiary />);
      await declineWithMessage('Away');
      await act(async () => unmount());
      expect(answerBooking).toHaveBeenCalledExactlyOnceWith('a', 'decline', 'Away');
    });

    it('cancels a confirmed session from the week, naming the client, the service and the time', async () => {
      const session = booking('s', '2026-04-09T09:00:00Z', {
        status: 'confirmed',
        clientName: 'Sam Session',
        reminder: { due: '2026-04-08T09:00:00Z', sentAt: null, failed: false },
      });
      serve({ week: diary([session]), horizon: diary([session]) });
      vi.mocked(answerBooking).mockResolvedValue({ ...session, status: 'cancelled' });
      render(<PracticeDiary />);
      const [inGrid] = await screen.findAllByRole('button', {
        name: /^10:00 to 10:50 Sam Session/,
      });
      await user.click(inGrid!);
      const details = await screen.findByRole('dialog', {
        name: 'Individual Counselling with Sam Session',
      });
      expect(details).toHaveTextContent('Reminder due Wednesday 8 April 10:00');
      expect(within(details).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
      await user.click(within(details).getByRole('button', { name: 'Cancel session' }));
      const ask = await screen.findByRole('dialog', { name: 'Cancel this session?' });
      expect(ask).toHaveTextContent(
        'Sam Session is booked for Individual Counselling on Thursday 9 April 2026, 10:00 to 10:50.',
      );
      await user.type(within(ask).getByLabelText(/^Message to Sam Session/), 'Unwell, sorry');
      await user.click(within(ask).getByRole('button', { name: 'Cancel session' }));
      await undoWindowPasses();
      expect(answerBooking).toHaveBeenCalledExactlyOnceWith('s', 'cancel', 'Unwell, sorry');
      await waitFor(() => expect(inGrid).toHaveFocus());
      await waitFor(() =>
        expect(showToast).toHaveBeenCalledWith(expect.stringMatching(/^Cancelled: /)),
      );
      await settle();
    });
  });

  it('Move hands the session to the composed picker, and says where it went once moved', async () => {
    const session = booking('mv', '2026-04-09T09:00:00Z', {
      status: 'confirmed',
      actions: ['cancel', 'move'],
    });
    serve({ week: diary([session]) });
    const seen: (string | null)[] = [];
    render(
      <PracticeDiary
        moveDialog={({ session: moving, serviceName, onMoved }) => {
          seen.push(moving && `${moving.id} ${serviceName}`);
          return moving ? (
            <button
              type="button"
              onClick={() => onMoved({ id: moving.id, start: '2026-04-09T13:00:00Z' })}
            >
              Picked
            </button>
          ) : null;
        }}
      />,
    );
    const [block] = await screen.findAllByRole('button', { name: /^10:00 to / });
    await user.click(block!);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    await user.click(await screen.findByRole('button', { name: 'Picked' }));
    expect(seen).toContain('mv Individual Counselling');
    expect(showToast).toHaveBeenCalledWith(
      'Moved: Individual Counselling with Client mv to Thursday 9 April, 14:00. Client mv gets an email with the new time.',
    );
    expect(screen.queryByRole('button', { name: 'Picked' })).toBeNull();
  });

  it('offers no Move when the server does not list it among the session’s actions', async () => {
    serve({ week: diary([booking('nm', '2026-04-09T09:00:00Z', { status: 'confirmed' })]) });
    render(<PracticeDiary moveDialog={() => null} />);
    const [block] = await screen.findAllByRole('button', { name: /^10:00 to / });
    await user.click(block!);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Cancel session' })).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Move' })).toBeNull();
  });

  it('shows each confirmed session’s reminder in the week, in short in the grid and in full in the day list', async () => {
    serve({
      week: diary([
        booking('due', '2026-04-09T09:00:00Z', {
          status: 'confirmed',
          reminder: { due: '2026-04-08T09:00:00Z', sentAt: null, failed: false },
        }),
        booking('sent', '2026-04-09T12:00:00Z', {
          status: 'confirmed',
          reminder: {
            due: '2026-04-08T12:00:00Z',
            sentAt: '2026-04-08T12:00:05Z',
            failed: false,
          },
        }),
        booking('failed', '2026-04-09T15:00:00Z', {
          status: 'confirmed',
          reminder: { due: '2026-04-08T15:00:00Z', sentAt: null, failed: true },
        }),
      ]),
    });
    const screenNow = screenWidth(1280);
    render(<PracticeDiary />);
    const session = async (time: string) =>
      (await screen.findAllByRole('button', { name: new RegExp(`^${time} to `) })).map(
        (button) => button.textContent,
      );
    // The grid's small block says it in short; one layout on screen, so each session once.
    expect(await session('10:00')).toEqual([
      expect.stringMatching(/Status: Confirmed Reminder due$/),
    ]);
    expect(await session('13:00')).toEqual([expect.stringMatching(/Reminder sent$/)]);
    expect(await session('16:00')).toEqual([expect.stringMatching(/Reminder not sent$/)]);
    // Turned to a phone's width: the day list, in full.
    screenNow.turn(375);
    expect(await session('10:00')).toEqual([
      expect.stringMatching(/Status: Confirmed Reminder due Wednesday 8 April 10:00$/),
    ]);
    expect(await session('13:00')).toEqual([
      expect.stringMatching(/Reminder sent Wednesday 8 April 13:00$/),
    ]);
    expect(await session('16:00')).toEqual([expect.stringMatching(/Reminder not sent$/)]);
  });

  it.each([
    [1280, 'the grid'],
    [375, 'the day list'],
  ])('shows the week in one layout at %i px, %s', async (width, layout) => {
    serve({ week: diary([booking('a', '2026-04-09T09:00:00Z')]) });
    screenWidth(width);
    render(<PracticeDiary />);
    expect(await screen.findAllByRole('button', { name: /^10:00 to .*Client a/ })).toHaveLength(1);
    // The grid's hours down its side (09:00, 09:30, …) are the timetable's alone.
    if (layout === 'the grid') expect(screen.getByText('09:00')).toBeInTheDocument();
    else expect(screen.queryByText('09:00')).not.toBeInTheDocument();
  });

  it('shows her own calendar’s busy times, and says when it has not been read for hours', async () => {
    vi.mocked(fetchBusyCalendar).mockResolvedValue({
      connected: true,
      host: 'calendar.google.com',
      lastReadAt: '2026-04-08T05:00:00Z',
      events: 3,
      nextBusy: { start: '2026-04-09T09:00:00Z', end: '2026-04-09T10:30:00Z' },
      lastError: 'The calendar did not answer within 10 seconds.',
      stale: true,
      busy: [{ start: '2026-04-09T09:00:00Z', end: '2026-04-09T10:30:00Z' }],
    });
    serve({ week: diary() });
    const screenNow = screenWidth(1280);
    render(<PracticeDiary />);
    // The grid and the day list each name it, by her own calendar's label.
    expect(await screen.findAllByText('Busy (your calendar) 10:00 to 11:30')).toHaveLength(1);
    screenNow.turn(375);
    expect(await screen.findAllByText('Busy (your calendar) 10:00 to 11:30')).toHaveLength(1);
    expect(
      screen.getByText(
        /^Your calendar has not been read since .* \(over 2 hours\): The calendar did not answer within 10 seconds\./,
      ),
    ).toBeVisible();
  });

  it('marks a session her own calendar now shows her busy for, and says what she can do', async () => {
    serve({
      week: diary([
        booking('clash', '2026-04-09T09:00:00Z', { calendarClash: true }),
        booking('free', '2026-04-09T13:00:00Z', { calendarClash: false }),
      ]),
    });
    const screenNow = screenWidth(1280);
    render(<PracticeDiary />);
    const session = async (time: string) =>
      (await screen.findAllByRole('button', { name: new RegExp(`^${time} to `) })).map(
        (button) => button.textContent,
      );
    // In the grid, then in the day list.
    expect(await session('10:00')).toEqual([expect.stringMatching(/Busy in your calendar/)]);
    expect((await session('14:00')).join()).not.toMatch(/Busy/);
    screenNow.turn(375);
    expect(await session('10:00')).toEqual([expect.stringMatching(/Busy in your calendar/)]);
    expect((await session('14:00')).join()).not.toMatch(/Busy/);
    await user.click((await screen.findAllByRole('button', { name: /^10:00 to / }))[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        'Your own calendar now shows you busy at this time. Move this request or decline it, or free the time in your calendar first.',
      ),
    ).toBeVisible();
  });

  it('says when the diary could not be loaded, and Try again asks again', async () => {
    vi.mocked(fetchDiary)
      .mockRejectedValueOnce(new ApiError('The diary could not be loaded.', 503))
      .mockRejectedValueOnce(new ApiError('The diary could not be loaded.', 503))
      .mockResolvedValue(diary([booking('a', '2026-04-09T13:00:00Z')]));
    render(<PracticeDiary />);
    const [failed] = await screen.findAllByText(/The diary could not be loaded\./);
    expect(failed).toHaveClass('alert-danger');
    await user.click(within(failed!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Confirm .*Client a/ })).toBeInTheDocument();
  });
});
