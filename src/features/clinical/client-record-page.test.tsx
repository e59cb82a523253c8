import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ClientRecordPage } from './client-record-page';
import { fetchAudit, fetchClientRecord } from './clinical-api';

vi.mock('./clinical-api', () => ({
  fetchClientRecord: vi.fn(),
  fetchAudit: vi.fn(),
  requestQuestionnaire: vi.fn(),
  recordRiskFollowUp: vi.fn(),
  markRiskSeen: vi.fn(),
}));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const shared = {
  id: 'b1',
  serviceId: 2,
  serviceName: 'Couples Counselling',
  start: '2027-03-09T18:00:00.000Z',
  end: '2027-03-09T19:00:00.000Z',
  status: 'confirmed' as const,
  note: '',
  cancellable: false,
  seriesId: 's1',
  attendance: null,
  mode: 'in-person' as const,
  bookedBy: 'Ada Booker',
  participants: [
    {
      name: 'Pat Partner',
      status: 'joined' as const,
      agreementAccepted: true,
      email: 'pat@x.test',
    },
  ],
};
const next = {
  ...shared,
  id: 'b2',
  start: '2027-03-16T18:00:00.000Z',
  end: '2027-03-16T19:00:00.000Z',
};

describe('the practitioner’s record of a joined partner', () => {
  beforeEach(() => {
    vi.mocked(fetchAudit).mockResolvedValue({ entries: [] });
    vi.mocked(fetchClientRecord).mockResolvedValue({
      client: { uid: 'pat', name: 'Pat Partner', email: 'pat@x.test' },
      intake: null,
      questionnaires: [],
      bookings: [shared, next],
      riskFollowUps: [],
      notes: [
        {
          bookingId: 'b1',
          start: shared.start,
          serviceName: 'Couples Counselling',
          text: 'Both spoke of the move.',
          status: 'signed',
          signedAt: '2027-03-10T09:00:00.000Z',
          addenda: [],
        },
      ],
    });
  });

  it('shows the shared session’s note on the partner’s record, under that session only', async () => {
    render(
      <MemoryRouter initialEntries={['/practice/clients/pat']}>
        <Routes>
          <Route path="/practice/clients/:id" element={<ClientRecordPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    const [first, second] = within(bookings).getAllByRole('listitem');
    expect(first).toHaveTextContent('booked by Ada Booker');
    expect(first).toHaveTextContent('with Pat Partner (joined)');
    expect(first).toHaveTextContent(
      'Session note: signed Wednesday 10 March 2027 (the session’s note, on the record of everyone in the room)',
    );
    expect(second).not.toHaveTextContent('Session note');
  });
});
