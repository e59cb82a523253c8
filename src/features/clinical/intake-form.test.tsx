import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { IntakeRecord } from '../../../shared/intake';
import type * as v from 'valibot';
import type { QuestionnairesSchema } from '../../../shared/questionnaires';
import { agreement } from '../../content/agreement';
import { saveIntake } from './clinical-api';
import { ClinicalReminders } from './clinical-reminders';
import { IntakeForm } from './intake-form';

vi.mock('./clinical-api', () => ({ saveIntake: vi.fn() }));
vi.mock('../../lib/firebase', () => ({
  firebaseAuth: () => ({
    authStateReady: async () => undefined,
    currentUser: {
      emailVerified: true,
      getIdToken: async () => 'id-token',
      getIdTokenResult: async () => ({ claims: { email_verified: true } }),
    },
  }),
  signOut: vi.fn(),
}));

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
    render(<IntakeForm intake={given(agreement.version)} onSaved={() => undefined} />, {
      wrapper: MemoryRouter,
    });
    for (const section of agreement.sections) {
      expect(screen.getByLabelText(section.consent)).toBeChecked();
    }
    expect(screen.getByText(/You agreed to this version on .*5 January 2026/)).toBeInTheDocument();
  });

  it('asks again when the agreement has a new version, and sends nothing unticked', async () => {
    render(<IntakeForm intake={given('2020-01-1')} onSaved={() => undefined} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText(/The agreement has changed since you agreed/)).toBeInTheDocument();
    for (const section of agreement.sections) {
      expect(screen.getByLabelText(section.consent)).not.toBeChecked();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(Array.from(summary.querySelectorAll('a'), (link) => link.textContent)).toEqual([
      'Tick to agree to counselling.',
      'Tick to agree to the confidentiality terms.',
      'Tick to agree to the cancellation terms.',
    ]);
    expect(
      screen.getByLabelText('I consent to counselling on these terms.'),
    ).toHaveAccessibleDescription('Error: Tick to agree to counselling.');
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
    expect(screen.queryByRole('region', { name: 'There is a problem' })).not.toBeInTheDocument();
  });

  it('puts each problem of an empty form under its field, keeps what was typed, and links to it', async () => {
    render(<IntakeForm intake={null} onSaved={() => undefined} />, { wrapper: MemoryRouter });
    await userEvent.type(screen.getByLabelText('GP surgery'), 'Elm Row Surgery');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary.querySelectorAll('a')).toHaveLength(10);
    expect(screen.getByLabelText('Home address')).toHaveAccessibleDescription(
      'Error: Fill in your address.',
    );
    expect(screen.getByLabelText('GP surgery')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('GP surgery')).toHaveValue('Elm Row Surgery');
    await userEvent.click(screen.getByRole('link', { name: 'Fill in your GP’s name.' }));
    expect(screen.getByLabelText('GP’s name')).toHaveFocus();
    expect(saveIntake).not.toHaveBeenCalled();
  });
});

describe('what is due, for My bookings', () => {
  // An answer of GET /api/questionnaires as its contract has it: the reminders read two fields.
  const answer = (due: boolean, intakeDue: boolean) =>
    ({
      questionnaires: [
        {
          id: 'q1',
          instrument: 'PHQ-9',
          total: 4,
          band: 'Minimal',
          risk: false,
          submittedAt: '2026-01-05T10:00:00.000Z',
          answers: [0, 1, 0, 1, 0, 1, 0, 1, 0],
          riskItems: [9],
          riskSeenAt: null,
        },
      ],
      due,
      intakeDue,
      sentToday: [],
    }) satisfies v.InferInput<typeof QuestionnairesSchema>;
  const asked: string[] = [];
  /** The body of the last answer, as the page reads it. */
  let read: Promise<unknown> | undefined;
  const answerWith = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        const response = new Response(JSON.stringify(body), {
          headers: { 'Content-Type': 'application/json' },
        });
        const json = response.json.bind(response);
        response.json = () => (read = json());
        return response;
      }),
    );
  beforeEach(() => {
    asked.length = 0;
    read = undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says when the intake and a questionnaire are to do', async () => {
    answerWith(answer(true, true));
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
    expect(asked).toEqual(['/api/questionnaires']);
  });

  it('says nothing when nothing is due', async () => {
    answerWith(answer(false, false));
    const { container } = render(
      <MemoryRouter>
        <ClinicalReminders />
      </MemoryRouter>,
    );
    // Let the answer arrive and be read; what follows it runs before the next task. Then look.
    await act(async () => {
      await vi.waitFor(() => expect(read).toBeDefined(), { timeout: 5000 });
      await read;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(asked).toEqual(['/api/questionnaires']);
    expect(container).toBeEmptyDOMElement();
  });
});
