import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import * as v from 'valibot';
import type { AgreementPart } from '../../../shared/agreement';
import { IntakeInputSchema, type IntakeDetails, type IntakeRecord } from '../../../shared/intake';
import { ErrorSummary, FieldError, type FieldProblem } from '../../components/forms/error-summary';
import { agreement } from '../../content/agreement';
import { paths } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear } from '../../lib/practice-time';
import { saveIntake } from './clinical-api';

type Fields = {
  dateOfBirth: string;
  address: string;
  phone: string;
  gpName: string;
  gpSurgery: string;
  contactName: string;
  contactRelationship: string;
  contactPhone: string;
};

const EMPTY: Fields = {
  dateOfBirth: '',
  address: '',
  phone: '',
  gpName: '',
  gpSurgery: '',
  contactName: '',
  contactRelationship: '',
  contactPhone: '',
};

const fieldsOf = (intake: IntakeRecord | null): Fields =>
  intake
    ? {
        dateOfBirth: intake.dateOfBirth,
        address: intake.address,
        phone: intake.phone,
        gpName: intake.gp.name,
        gpSurgery: intake.gp.surgery,
        contactName: intake.emergencyContact.name,
        contactRelationship: intake.emergencyContact.relationship,
        contactPhone: intake.emergencyContact.phone,
      }
    : EMPTY;

/** The control each schema path belongs to, in the order the form shows them. */
const FIELD_IDS: Record<string, string> = {
  dateOfBirth: 'intake-dateOfBirth',
  address: 'intake-address',
  phone: 'intake-phone',
  'gp.name': 'intake-gpName',
  'gp.surgery': 'intake-gpSurgery',
  'emergencyContact.name': 'intake-contactName',
  'emergencyContact.relationship': 'intake-contactRelationship',
  'emergencyContact.phone': 'intake-contactPhone',
  'agreement.treatment': 'agree-treatment',
  'agreement.confidentiality': 'agree-confidentiality',
  'agreement.cancellation': 'agree-cancellation',
};

/** The first problem of each field, in the form's order. */
function problemsOf(issues: readonly v.BaseIssue<unknown>[]): FieldProblem[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const key = (issue.path ?? []).map((item) => String(item.key)).join('.');
    const fieldId = FIELD_IDS[key];
    if (fieldId && !byField.has(fieldId)) byField.set(fieldId, issue.message);
  }
  return Object.values(FIELD_IDS)
    .filter((fieldId) => byField.has(fieldId))
    .map((fieldId) => ({ fieldId, message: byField.get(fieldId) ?? '' }));
}

const detailsOf = (fields: Fields): IntakeDetails => ({
  dateOfBirth: fields.dateOfBirth,
  address: fields.address,
  phone: fields.phone,
  gp: { name: fields.gpName, surgery: fields.gpSurgery },
  emergencyContact: {
    name: fields.contactName,
    relationship: fields.contactRelationship,
    phone: fields.contactPhone,
  },
});

function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  as,
  problem,
}: {
  id: keyof Fields;
  label: string;
  value: string;
  onChange: (id: keyof Fields, value: string) => void;
  type?: string;
  autoComplete?: string;
  as?: 'textarea';
  problem: string | undefined;
}) {
  const errorId = `intake-${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={`intake-${id}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={id}
        type={as ? undefined : type}
        as={as}
        rows={as ? 3 : undefined}
        required
        autoComplete={autoComplete}
        value={value}
        isInvalid={problem !== undefined}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(id, event.target.value)}
      />
      <FieldError id={errorId} message={problem} />
    </Form.Group>
  );
}

/** The intake form and the agreement; the agreement is asked again when its version changed. */
export function IntakeForm({
  intake,
  onSaved,
}: {
  intake: IntakeRecord | null;
  onSaved: (saved: IntakeRecord) => void;
}) {
  const agreedNow = intake?.agreement.current === true;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(intake));
  const [ticks, setTicks] = useState<Record<AgreementPart, boolean>>(() => ({
    treatment: agreedNow,
    confidentiality: agreedNow,
    cancellation: agreedNow,
  }));
  const [pending, setPending] = useState(false);
  const [news, setNews] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const problemOf = (fieldId: string) =>
    problems.find((problem) => problem.fieldId === fieldId)?.message;
  const field = (id: keyof Fields) => ({
    id,
    value: fields[id],
    onChange: change,
    problem: problemOf(`intake-${id}`),
  });

  const change = (id: keyof Fields, value: string) => setFields((old) => ({ ...old, [id]: value }));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...detailsOf(fields), agreement: { version: agreement.version, ...ticks } };
    const checked = v.safeParse(IntakeInputSchema, input);
    if (!checked.success) {
      setProblems(problemsOf(checked.issues));
      setAttempt((count) => count + 1);
      setNews(undefined);
      return;
    }
    setProblems([]);
    setPending(true);
    setNews(undefined);
    try {
      const saved = await saveIntake(checked.output);
      setNews({
        ok: true,
        text: 'Saved. Thank you: the practitioner will read this before your first session.',
      });
      onSaved(saved);
    } catch (error) {
      setNews({ ok: false, text: errorSentence(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form onSubmit={(event) => void save(event)} noValidate aria-label="Your details and agreement">
      <ErrorSummary problems={problems} attempt={attempt} />
      <p>
        How the practice keeps and uses what you write here is in the{' '}
        <Link to={paths.privacy}>privacy notice</Link>.
      </p>
      <fieldset className="mb-4">
        <legend className="h4">About you</legend>
        <TextField
          {...field('dateOfBirth')}
          label="Date of birth"
          type="date"
          autoComplete="bday"
        />
        <TextField
          {...field('address')}
          label="Home address"
          as="textarea"
          autoComplete="street-address"
        />
        <TextField {...field('phone')} label="Phone number" type="tel" autoComplete="tel" />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h4">Your GP</legend>
        <TextField {...field('gpName')} label="GP’s name" />
        <TextField {...field('gpSurgery')} label="GP surgery" />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h4">Emergency contact</legend>
        <TextField {...field('contactName')} label="Their name" />
        <TextField
          {...field('contactRelationship')}
          label="How you know them (for example partner, friend)"
        />
        <TextField {...field('contactPhone')} label="Their phone number" type="tel" />
      </fieldset>
      <section aria-labelledby="agreement-heading" className="mb-4 intake-agreement">
        <h2 id="agreement-heading" className="h4">
          Our agreement (version {agreement.version})
        </h2>
        {intake && !agreedNow && (
          <p className="alert alert-info">
            The agreement has changed since you agreed on{' '}
            {formatDayWithYear(intake.agreement.agreedAt)}. Please read it and tick each part again.
          </p>
        )}
        {agreedNow && intake && (
          <p>You agreed to this version on {formatDayWithYear(intake.agreement.agreedAt)}.</p>
        )}
        {agreement.sections.map((section) => (
          <div key={section.part} className="mb-3">
            <h3 className="h5">{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <Form.Check
              id={`agree-${section.part}`}
              type="checkbox"
              label={section.consent}
              checked={ticks[section.part]}
              isInvalid={problemOf(`agree-${section.part}`) !== undefined}
              aria-invalid={problemOf(`agree-${section.part}`) !== undefined}
              aria-describedby={
                problemOf(`agree-${section.part}`) ? `agree-${section.part}-error` : undefined
              }
              onChange={(event) => {
                const { checked } = event.target;
                setTicks((old) => ({ ...old, [section.part]: checked }));
              }}
            />
            <FieldError
              id={`agree-${section.part}-error`}
              message={problemOf(`agree-${section.part}`)}
            />
          </div>
        ))}
      </section>
      <p
        role="status"
        className={news ? (news.ok ? 'text-success' : 'text-danger') : 'visually-hidden'}
      >
        {news?.text}
      </p>
      <Button type="submit" variant="success" disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </Button>
    </Form>
  );
}
