import { apiRequest } from '../../lib/api';
import { answerSeries } from './practice-api';

vi.mock('../../lib/api', () => ({ apiRequest: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

describe('answering a whole series', () => {
  it.each(['confirm', 'decline', 'end'] as const)('%s posts to /api/series/<id>/%s', (answer) => {
    void answerSeries('ser/1', answer);
    expect(apiRequest).toHaveBeenLastCalledWith(
      `/api/series/ser%2F1/${answer}`,
      expect.anything(),
      { method: 'POST' },
    );
  });
});
