import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarFeedSection } from './calendar-feed-dialog';
import { createCalendarFeed, fetchCalendarFeed } from './practice-api';

vi.mock('./practice-api', () => ({ fetchCalendarFeed: vi.fn(), createCalendarFeed: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const feed = (token: string) => ({
  url: `https://www.example.test/api/calendar/${token}.ics`,
  webcalUrl: `webcal://www.example.test/api/calendar/${token}.ics`,
  createdAt: '2026-11-25T12:00:00.000Z',
});

describe('Subscribe in your calendar', () => {
  it('creates a link, shows both forms of it, and replaces it only when asked twice', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchCalendarFeed).mockResolvedValue({ exists: false, createdAt: null });
    vi.mocked(createCalendarFeed)
      .mockResolvedValueOnce(feed('first'))
      .mockResolvedValueOnce(feed('second'));
    render(<CalendarFeedSection />);
    const open = screen.getByRole('button', { name: 'Subscribe in your calendar' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe in your calendar' });
    expect(dialog).toHaveTextContent('the client’s initials only');
    await user.click(await screen.findByRole('button', { name: 'Create link' }));

    const webcal = await screen.findByLabelText('Calendar app link (webcal)');
    expect(webcal).toHaveValue('webcal://www.example.test/api/calendar/first.ics');
    expect(webcal).toHaveFocus();
    expect(webcal).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Web link (https)')).toHaveValue(
      'https://www.example.test/api/calendar/first.ics',
    );
    expect(screen.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      'webcal://www.example.test/api/calendar/first.ics',
    );

    // The first press only asks; "Keep the old link" goes back with nothing sent.
    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    expect(screen.getByText(/The old link stops at once/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Keep the old link' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep the old link' }));
    expect(createCalendarFeed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Replace link' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    expect(await screen.findByLabelText('Web link (https)')).toHaveValue(
      'https://www.example.test/api/calendar/second.ics',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'A new link is ready; the old one has stopped.',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('says when the link was made, without showing it again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchCalendarFeed).mockResolvedValue({
      exists: true,
      createdAt: '2026-11-25T12:00:00.000Z',
    });
    render(<CalendarFeedSection />);
    await user.click(screen.getByRole('button', { name: 'Subscribe in your calendar' }));
    expect(
      await screen.findByText(/You made a link on Wednesday 25 November 2026 at 12:00\./),
    ).toBeVisible();
    expect(screen.queryByLabelText('Web link (https)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace link' })).toBeVisible();
  });
});
