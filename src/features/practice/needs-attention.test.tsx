import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GivenUpItem } from '../../../shared/given-up-api';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { fetchGivenUp, markDealtWith, tryGivenUpAgain, undoDealtWith } from './given-up-api';
import { NeedsAttention } from './needs-attention';

vi.mock('./given-up-api', () => ({
  fetchGivenUp: vi.fn(),
  tryGivenUpAgain: vi.fn(),
  markDealtWith: vi.fn(),
  undoDealtWith: vi.fn(),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const HOSTILE = '<img src=x onerror=alert(1)>';
const refund: GivenUpItem = {
  kind: 'reaction',
  id: 'r1',
  givenUpAt: '2027-03-08T10:15:00Z',
  what: `Refund of £60.00 for the session on Thu 4 Mar at 10:00 for ${HOSTILE}`,
  why: 'the card payment service did not answer; given up after 8 tries.',
  tries: 8,
};
const email: GivenUpItem = {
  kind: 'email',
  id: 'm1',
  givenUpAt: '2027-03-02T09:00:00Z',
  what: 'The confirmation email to jo@example.com',
  why: 'it could not be delivered; given up after 30 tries.',
  tries: 30,
};

/** What is read out (the aria-live line). */
const spoken = () => document.querySelector('[aria-live="polite"]');
const section = () => screen.findByRole('region', { name: 'Needs your attention' });

describe('Needs your attention', () => {
  beforeEach(() => {
    vi.mocked(fetchGivenUp).mockReset();
    vi.mocked(tryGivenUpAgain).mockReset();
    vi.mocked(markDealtWith).mockReset();
    vi.mocked(undoDealtWith).mockReset();
    vi.mocked(showToast).mockReset();
  });

  it('is not shown when nothing was given up', async () => {
    vi.mocked(fetchGivenUp).mockResolvedValue({ items: [] });
    render(<NeedsAttention />);
    await waitFor(() => expect(fetchGivenUp).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull();
  });

  it('lists each thing in her words, a client’s name as text, with when it was given up', async () => {
    vi.mocked(fetchGivenUp).mockResolvedValue({ items: [refund, email] });
    const { container } = render(<NeedsAttention />);
    const items = within(await section()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      refund.what,
      email.what,
    ]);
    expect(items[0]).toHaveTextContent(`${refund.what}: ${refund.why}`);
    expect(items[0]).toHaveTextContent('Given up on Monday 8 March 2027 at 10:15.');
    expect(container.querySelector('img')).toBeNull();
    expect(
      within(items[0]!).getByRole('button', {
        name: `Try again: refund of £60.00 for the session on Thu 4 Mar at 10:00 for ${HOSTILE}`,
      }),
    ).toBeEnabled();
  });

  it('Try again: says what happened in a toast and out loud, and the list is read again', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchGivenUp)
      .mockResolvedValueOnce({ items: [refund] })
      .mockResolvedValue({ items: [] });
    vi.mocked(tryGivenUpAgain).mockResolvedValue({ outcome: 'done' });
    render(<NeedsAttention />);
    await user.click(within(await section()).getByRole('button', { name: /^Try again/ }));
    expect(tryGivenUpAgain).toHaveBeenCalledExactlyOnceWith(refund);
    const said = `Done: ${refund.what}.`;
    expect(showToast).toHaveBeenCalledWith(said, 'success');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull(),
    );
    expect(spoken()).toHaveTextContent(said);
  });

  it('a try that fails again is said so; an error is shown as its sentence', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchGivenUp).mockResolvedValue({ items: [email] });
    vi.mocked(tryGivenUpAgain)
      .mockResolvedValueOnce({ outcome: 'will-try-again' })
      .mockRejectedValueOnce(
        new ApiError('That is no longer waiting for you. Reload the diary.', 404),
      );
    render(<NeedsAttention />);
    const button = within(await section()).getByRole('button', { name: /^Try again/ });
    await user.click(button);
    expect(showToast).toHaveBeenCalledWith(
      `${email.what}: it failed again, and will be tried again by itself shortly.`,
      'info',
    );
    await user.click(within(await section()).getByRole('button', { name: /^Try again/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That is no longer waiting for you. Reload the diary.',
    );
  });

  it('Mark as dealt with asks first; Yes takes it off the list, and Undo puts it back', async () => {
    const user = userEvent.setup();
    let listed = [refund, email];
    vi.mocked(fetchGivenUp).mockImplementation(() => Promise.resolve({ items: listed }));
    vi.mocked(markDealtWith).mockImplementation(() => {
      listed = [email];
      return Promise.resolve({ dealtWith: true });
    });
    vi.mocked(undoDealtWith).mockImplementation(() => {
      listed = [refund, email];
      return Promise.resolve({ dealtWith: false });
    });
    render(<NeedsAttention />);
    const first = within((await section()).querySelector('li')!);
    await user.click(first.getByRole('button', { name: /^Mark as dealt with/ }));
    expect(markDealtWith).not.toHaveBeenCalled();
    expect(first.getByText(/Mark this as dealt with\?/)).toBeVisible();
    expect(first.getByRole('button', { name: 'Yes, it is dealt with' })).toHaveFocus();
    await user.click(first.getByRole('button', { name: 'Keep it on the list' }));
    expect(markDealtWith).not.toHaveBeenCalled();

    await user.click(first.getByRole('button', { name: /^Mark as dealt with/ }));
    await user.keyboard('{Enter}');
    expect(markDealtWith).toHaveBeenCalledExactlyOnceWith(refund);
    expect(showToast).toHaveBeenCalledWith(`Marked as dealt with: ${refund.what}.`, 'success');
    const undo = await screen.findByRole('button', { name: /^Undo/ });
    await waitFor(() => expect(undo).toHaveFocus());
    await waitFor(() =>
      expect(within(screen.getByRole('region')).getAllByRole('listitem')).toHaveLength(1),
    );
    await user.keyboard('{Enter}');
    expect(undoDealtWith).toHaveBeenCalledExactlyOnceWith(refund);
    await waitFor(() =>
      expect(within(screen.getByRole('region')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(spoken()).toHaveTextContent(`Back on your list: ${refund.what}.`);
  });
});
