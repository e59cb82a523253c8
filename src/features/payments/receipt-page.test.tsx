import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Receipt } from '../../../shared/payments-api';
import { vatSentence } from '../../../shared/money';
import { fetchCreditNote, fetchReceipt } from '../../lib/payments-api';
import { CreditNotePage, pdfUrl, ReceiptPage } from './receipt-page';
import { PRACTICE_DOCUMENT } from '../../config/routes';

vi.mock('../../lib/payments-api', () => ({ fetchReceipt: vi.fn(), fetchCreditNote: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const receipt: Receipt = {
  kind: 'receipt',
  paymentId: 'p1',
  number: 'MP-2027-0007',
  date: '2027-03-01T10:00:00.000Z',
  client: { name: 'Ada Client', email: 'ada@example.com', address: '1 High Street, Bath' },
  practitioner: {
    name: 'Dr. Amara Rahman',
    title: 'Counselling Psychologist and Psychotherapist',
    professionalBody: 'British Association for Counselling and Psychotherapy',
    grade: 'MBACP (Accred)',
    membershipNumber: '387204',
  },
  practice: { name: 'Mindful Path Counselling', address: '24 Queen Square, Bristol' },
  sessions: [
    {
      bookingId: 'b1',
      start: '2027-03-02T18:00:00.000Z',
      date: 'Tuesday 2 March 2027',
      time: '18:00',
      minutes: 50,
      service: 'Weekly therapy',
      fee: 6000,
    },
  ],
  feePerSession: 6000,
  total: 6000,
  currency: 'GBP',
  card: { brand: 'visa', last4: '4242' },
  vatSentence: vatSentence(),
  refunded: 0,
  pdfPath: '/api/payments/p1/receipt.pdf',
};

describe('the receipt page', () => {
  it('shows every field an insurer asks for, and the PDF', async () => {
    vi.mocked(fetchReceipt).mockResolvedValue(receipt);
    render(
      <MemoryRouter initialEntries={['/account/billing/receipts/p1']}>
        <Routes>
          <Route path="/account/billing/receipts/:id" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const article = await screen.findByRole('article', { name: 'Receipt MP-2027-0007' });
    expect(fetchReceipt).toHaveBeenCalledWith('p1', expect.any(AbortSignal), false);
    for (const text of [
      'Monday 1 March 2027',
      'Ada Client',
      '1 High Street, Bath',
      'Dr. Amara Rahman, Counselling Psychologist and Psychotherapist',
      'British Association for Counselling and Psychotherapy (MBACP (Accred))',
      '387204',
      'Mindful Path Counselling, 24 Queen Square, Bristol',
      'Visa ending 4242',
      vatSentence(),
    ])
      expect(within(article).getByText(text)).toBeInTheDocument();
    const row = within(
      within(article).getByRole('table', { name: 'Sessions covered' }),
    ).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Tuesday 2 March 202718:0050Weekly therapy£60.00');
    expect(screen.getByRole('button', { name: 'Download MP-2027-0007 as PDF' })).toBeEnabled();
    expect(pdfUrl(receipt)).toBe('/api/payments/p1/receipt.pdf');
    expect(pdfUrl({ ...receipt, pdfPath: '/payments/p1/receipt.pdf' })).toBe(
      '/api/payments/p1/receipt.pdf',
    );
  });

  it('shows a credit note: the receipt it corrects, the date and amount refunded, and its PDF', async () => {
    vi.mocked(fetchCreditNote).mockResolvedValue({
      ...receipt,
      kind: 'credit-note',
      number: 'MP-CN-2027-0002',
      receiptNumber: 'MP-2027-0007',
      date: '2027-03-03T09:00:00.000Z',
      total: 2500,
      pdfPath: '/payments/credit-notes/r1/credit-note.pdf',
    });
    render(
      <MemoryRouter initialEntries={['/account/billing/credit-notes/r1']}>
        <Routes>
          <Route path="/account/billing/credit-notes/:id" element={<CreditNotePage />} />
        </Routes>
      </MemoryRouter>,
    );
    const article = await screen.findByRole('article', { name: 'Credit note MP-CN-2027-0002' });
    expect(fetchCreditNote).toHaveBeenCalledWith('r1', expect.any(AbortSignal), false);
    const value = (term: string) => within(article).getByText(term).nextElementSibling;
    expect(value('For receipt')).toHaveTextContent('MP-2027-0007');
    expect(value('Date refunded')).toHaveTextContent('Wednesday 3 March 2027');
    expect(value('Total refunded')).toHaveTextContent('£25.00');
    expect(value('Card')).toHaveTextContent('Visa ending 4242');
    expect(within(article).getByText(vatSentence())).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download MP-CN-2027-0002 as PDF' })).toBeEnabled();
  });

  it('opened from the practice pages, reads the credit note as the practitioner’s and leads back there', async () => {
    vi.mocked(fetchCreditNote).mockResolvedValue({
      ...receipt,
      kind: 'credit-note',
      number: 'MP-CN-2027-0003',
      receiptNumber: 'MP-2027-0007',
      pdfPath: '/practice/payments/credit-notes/r2/credit-note.pdf',
    });
    render(
      <MemoryRouter
        initialEntries={[
          { pathname: '/account/billing/credit-notes/r2', state: PRACTICE_DOCUMENT },
        ]}
      >
        <Routes>
          <Route path="/account/billing/credit-notes/:id" element={<CreditNotePage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('article', { name: 'Credit note MP-CN-2027-0003' });
    expect(fetchCreditNote).toHaveBeenLastCalledWith('r2', expect.any(AbortSignal), true);
    expect(screen.getByRole('link', { name: 'Back to Payments' })).toHaveAttribute(
      'href',
      '/practice/payments',
    );
  });
});
