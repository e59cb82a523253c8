import { apiRequest } from '../../lib/api';
import { answerBooking, answerSeries, removeWaitlistEntry } from './practice-api';

vi.mock('../../lib/api', () => ({ apiRequest: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

describe('answering a whole series', () => {
  it.each(['confirm', 'decline'] as const)('%s posts to /api/series/<id>/%s', (answer) => {
    void answerSeries('ser/1', answer);
    expect(apiRequest).toHaveBeenLastCalledWith(
      `/api/series/ser%2F1/${answer}`,
      expect.anything(),
      { method: 'POST' },
    );
  });

  it('ends it through her own route, /api/practice/series/<id>/end', () => {
    void answerSeries('ser/1', 'end');
    expect(apiRequest).toHaveBeenLastCalledWith(
      '/api/practice/series/ser%2F1/end',
      expect.anything(),
      { method: 'POST' },
    );
  });
});

describe('her acts on anyone’s things go to /api/practice/…', () => {
  it('cancels a session there; confirms and declines at /api/bookings/<id>/…', () => {
    void answerBooking('b/1', 'cancel', ' Unwell ');
    expect(apiRequest).toHaveBeenLastCalledWith(
      '/api/practice/bookings/b%2F1/cancel',
      expect.anything(),
      { method: 'POST', body: { message: 'Unwell' } },
    );
    void answerBooking('b/1', 'confirm');
    expect(apiRequest).toHaveBeenLastCalledWith('/api/bookings/b%2F1/confirm', expect.anything(), {
      method: 'POST',
      body: undefined,
    });
  });

  it('takes someone off the waiting list there', () => {
    void removeWaitlistEntry('w/1');
    expect(apiRequest).toHaveBeenLastCalledWith('/api/practice/waitlist/w%2F1', expect.anything(), {
      method: 'DELETE',
    });
  });
});
