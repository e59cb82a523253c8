import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import * as v from 'valibot';
import type { AgreementPart } from '../../../shared/agreement';
import { IntakeInputSchema, type IntakeDetails, type IntakeRecord } from '../../../shared/intake';
import { agreement } from '../../content/agreement';
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
}: {
  id: keyof Fields;
  label: string;
  value: string;
  onChange: (id: keyof Fields, value: string) => void;
  type?: string;
  autoComplete?: string;
  as?: 'textarea';
}) {
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
        onChange={(event) => onChange(id, event.target.value)}
      />
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

  const change = (id: keyof Fields, value: string) => setFields((old) => ({ ...old, [id]: value }));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...detailsOf(fields), agreement: { version: agreement.version, ...ticks } };
    const checked = v.safeParse(IntakeInputSchema, input);
    if (!checked.success) {
      setNews({ ok: false, text: checked.issues[0].message });
      return;
    }
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
      <fieldset className="mb-4">
        <legend className="h4">About you</legend>
        <TextField
          id="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={fields.dateOfBirth}
          onChange={change}
        />
        <TextField
          id="address"
          label="Home address"
          as="textarea"
          autoComplete="street-address"
          value={fields.address}
          onChange={change}
        />
        <TextField
          id="phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          value={fields.phone}
          onChange={change}
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h4">Your GP</legend>
        <TextField id="gpName" label="GP’s name" value={fields.gpName} onChange={change} />
        <TextField id="gpSurgery" label="GP surgery" value={fields.gpSurgery} onChange={change} />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h4">Emergency contact</legend>
        <TextField
          id="contactName"
          label="Their name"
          value={fields.contactName}
          onChange={change}
        />
        <TextField
          id="contactRelationship"
          label="How you know them (for example partner, friend)"
          value={fields.contactRelationship}
          onChange={change}
        />
        <TextField
          id="contactPhone"
          label="Their phone number"
          type="tel"
          value={fields.contactPhone}
          onChange={change}
        />
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
              onChange={(event) => {
                const { checked } = event.target;
                setTicks((old) => ({ ...old, [section.part]: checked }));
              }}
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
