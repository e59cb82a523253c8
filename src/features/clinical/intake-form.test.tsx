import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { IntakeRecord } from '../../../shared/intake';
import { agreement } from '../../content/agreement';
import { fetchQuestionnaires, saveIntake } from './clinical-api';
import { ClinicalReminders } from './clinical-reminders';
import { IntakeForm } from './intake-form';

vi.mock('./clinical-api', () => ({ saveIntake: vi.fn(), fetchQuestionnaires: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const given = (version: string): IntakeRecord => ({
  dateOfBirth: '1990-05-17',
  address: '3 Elm Row',
  phone: '07700 900123',
  gp: { name: 'Dr Hollis', surgery: 'Elm Row Surgery' },
  emergencyContact: { name: 'Sam Pike', relationship: 'Partner', phone: '07700 900456' },
  agreement: {
    version,
    agreedAt: '2026-01-05T10:00:00.000Z',
    agreedFrom: 'The intake page',
    current: version === agreement.version,
  },
  updatedAt: '2026-01-05T10:00:00.000Z',
});

describe('the intake form', () => {
  beforeEach(() => vi.mocked(saveIntake).mockReset());

  it('keeps the ticks of the current agreement', () => {
    render(<IntakeForm intake={given(agreement.version)} onSaved={() => undefined} />);
    for (const section of agreement.sections) {
      expect(screen.getByLabelText(section.consent)).toBeChecked();
    }
    expect(screen.getByText(/You agreed to this version on .*5 January 2026/)).toBeInTheDocument();
  });

  it('asks again when the agreement has a new version, and sends nothing unticked', async () => {
    render(<IntakeForm intake={given('2020-01-1')} onSaved={() => undefined} />);
    expect(screen.getByText(/The agreement has changed since you agreed/)).toBeInTheDocument();
    for (const section of agreement.sections) {
      expect(screen.getByLabelText(section.consent)).not.toBeChecked();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Tick to agree to counselling.');
    expect(saveIntake).not.toHaveBeenCalled();
    for (const section of agreement.sections) {
      await userEvent.click(screen.getByLabelText(section.consent));
    }
    vi.mocked(saveIntake).mockResolvedValue(given(agreement.version));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saveIntake).toHaveBeenCalledWith(
      expect.objectContaining({
        gp: { name: 'Dr Hollis', surgery: 'Elm Row Surgery' },
        agreement: {
          version: agreement.version,
          treatment: true,
          confidentiality: true,
          cancellation: true,
        },
      }),
    );
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
  });
});

describe('what is due, for My bookings', () => {
  it('says when the intake and a questionnaire are to do', async () => {
    vi.mocked(fetchQuestionnaires).mockResolvedValue({
      questionnaires: [],
      due: true,
      intakeDue: true,
      sentToday: [],
    });
    render(
      <MemoryRouter>
        <ClinicalReminders />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Intake to do before your first session/)).toBeInTheDocument();
    expect(screen.getByText(/Questionnaire due/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fill it in' })).toHaveAttribute(
      'href',
      '/account/questionnaires',
    );
  });

  it('says nothing when nothing is due', async () => {
    vi.mocked(fetchQuestionnaires).mockResolvedValue({
      questionnaires: [],
      due: false,
      intakeDue: false,
      sentToday: [],
    });
    const { container } = render(
      <MemoryRouter>
        <ClinicalReminders />
      </MemoryRouter>,
    );
    // Let the answer arrive, then look.
    await act(async () => undefined);
    expect(fetchQuestionnaires).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
});
