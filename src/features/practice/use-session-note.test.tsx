import { act, renderHook } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { CONNECTION_LOST, unsavedKey, useSessionNote } from './use-session-note';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const DELAY = 100;

function setUp(save: (id: string, text: string) => Promise<unknown>, saved = '') {
  return renderHook(() => useSessionNote({ bookingId: 'b1', saved, save, delayMs: DELAY }));
}

describe('the session note autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once typing pauses, says when, and forgets the tab copy', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { result } = setUp(save);
    act(() => result.current.setText('Fir'));
    act(() => result.current.setText('First'));
    expect(sessionStorage.getItem(unsavedKey('b1'))).toBe('First');
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('b1', 'First');
    expect(result.current.status.state).toBe('saved');
    expect(sessionStorage.getItem(unsavedKey('b1'))).toBeNull();
  });

  it('saves what was typed when the note closes before the autosave moment', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { result, unmount } = setUp(save);
    act(() => result.current.setText('Typed and closed at once'));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledWith('b1', 'Typed and closed at once');
    expect(sessionStorage.getItem(unsavedKey('b1'))).toBeNull();
  });

  it('keeps the text when a save fails, says so, and saves on the next edit or on Try again', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('offline', 0))
      .mockRejectedValueOnce(new ApiError('offline', 0))
      .mockResolvedValue({});
    const { result } = setUp(save);
    act(() => result.current.setText('Talked about work'));
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(result.current.status).toEqual({ state: 'failed', message: CONNECTION_LOST });
    expect(result.current.text).toBe('Talked about work');
    expect(sessionStorage.getItem(unsavedKey('b1'))).toBe('Talked about work');

    act(() => result.current.setText('Talked about work.'));
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(save).toHaveBeenLastCalledWith('b1', 'Talked about work.');
    expect(result.current.status.state).toBe('failed');

    await act(async () => result.current.retry());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(3);
    expect(result.current.status.state).toBe('saved');
    expect(sessionStorage.getItem(unsavedKey('b1'))).toBeNull();
  });

  it('says what the server said when it refuses the words', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError('This note is signed.', 409));
    const { result } = setUp(save);
    act(() => result.current.setText('More'));
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(result.current.status).toEqual({
      state: 'failed',
      message: 'Not saved: This note is signed. Your text is kept here.',
    });
  });

  it('restores words a reload interrupted and saves them at once', async () => {
    sessionStorage.setItem(unsavedKey('b1'), 'Unsaved words');
    const save = vi.fn().mockResolvedValue({});
    const { result } = setUp(save, 'Saved words');
    expect(result.current.text).toBe('Unsaved words');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledWith('b1', 'Unsaved words');
    expect(result.current.status.state).toBe('saved');
  });
});
