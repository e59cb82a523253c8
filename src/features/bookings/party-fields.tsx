import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { childAgeProblem, PARTICIPANT_RULES } from '../../../shared/participants';
import type { Service } from '../../../shared/service';
import { FieldError } from '../../components/forms/error-summary';

/** A child as typed: the age kept as text, so nothing typed is lost while it is being fixed. */
interface ChildDraft {
  firstName: string;
  age: string;
}

export interface PartyDraft {
  adults: { name: string; email: string }[];
  children: ChildDraft[];
}

/** A child's age field's id, to focus the first one that is wrong. */
export const childAgeId = (index: number) => `party-child-age-${index}`;

/** A child's age as typed, in the request's terms: undefined when empty, NaN when not whole years. */
const typedAge = (age: string): number | undefined => {
  const text = age.trim();
  if (text === '') return undefined;
  return /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * What is wrong with a child's age as typed, or undefined when it is right: the API's own rule
 * and sentence (shared/participants.ts), asked before sending. The booking asks each child's age
 * in years, nothing more.
 */
const typedAgeProblem = (age: string, index: number): string | undefined =>
  childAgeProblem(typedAge(age), index) ?? undefined;

/** The index of the first child whose age is wrong, or -1 when every age is right. */
export const firstWrongAge = (service: Pick<Service, 'attendees'>, party: PartyDraft) =>
  service.attendees === 'family'
    ? party.children.findIndex((child, index) => typedAgeProblem(child.age, index) !== undefined)
    : -1;

export const emptyParty = (): PartyDraft => ({ adults: [{ name: '', email: '' }], children: [] });

/** The request's `participants` and `children`, as the API takes them. */
export const partyRequest = (service: Pick<Service, 'attendees'>, party: PartyDraft) =>
  service.attendees === 'couple' || service.attendees === 'family'
    ? {
        participants: party.adults.map((each) => ({ name: each.name, email: each.email })),
        ...(service.attendees === 'family' && {
          children: party.children.map((child) => ({
            firstName: child.firstName,
            ageYears: typedAge(child.age),
          })),
        }),
      }
    : {};

/**
 * Who else comes: a couple's partner (name and email), or a family's other adults (one to five,
 * each invited by email) and children under 16 by first name only.
 */
export function PartyFields({
  service,
  value,
  onChange,
  showProblems = false,
}: {
  service: Pick<Service, 'attendees'>;
  value: PartyDraft;
  onChange: (party: PartyDraft) => void;
  /** The form was sent: every wrong age says so, not only those already left. */
  showProblems?: boolean;
}) {
  // Ages left (blurred) once: their problem shows from then on, not while first typed.
  const [leftAges, setLeftAges] = useState<ReadonlySet<number>>(new Set());
  const couple = service.attendees === 'couple';
  if (!couple && service.attendees !== 'family') return null;
  const setChild = (index: number, field: keyof ChildDraft, text: string) =>
    onChange({
      ...value,
      children: value.children.map((each, i) => (i === index ? { ...each, [field]: text } : each)),
    });
  const setAdult = (index: number, field: 'name' | 'email', text: string) =>
    onChange({
      ...value,
      adults: value.adults.map((each, i) => (i === index ? { ...each, [field]: text } : each)),
    });
  return (
    <fieldset className="mb-3 text-start party-fields">
      <legend className="h6 mb-1">{couple ? 'Your partner' : 'Who else comes'}</legend>
      <p className="form-text mt-0 mb-2">
        {couple
          ? 'Your partner gets an email invitation to join with their own account, agreement and reminders.'
          : `Each adult gets an email invitation to join with their own account. Children under 16 come by first name and age only.`}
      </p>
      {value.adults.map((adult, index) => {
        const label = couple ? 'Partner’s' : `Adult ${index + 2}:`;
        return (
          <div key={index} className="party-adult mb-2">
            <Form.Group controlId={`party-name-${index}`} className="mb-2">
              <Form.Label>{couple ? 'Partner’s name' : `${label} name`}</Form.Label>
              <Form.Control
                type="text"
                autoComplete="off"
                required
                maxLength={PARTICIPANT_RULES.nameMaxLength}
                value={adult.name}
                onChange={(event) => setAdult(index, 'name', event.target.value)}
              />
            </Form.Group>
            <Form.Group controlId={`party-email-${index}`} className="mb-2">
              <Form.Label>{couple ? 'Partner’s email' : `${label} email`}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="off"
                required
                maxLength={254}
                value={adult.email}
                onChange={(event) => setAdult(index, 'email', event.target.value)}
              />
            </Form.Group>
            {!couple && value.adults.length > 1 && (
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() =>
                  onChange({ ...value, adults: value.adults.filter((_, i) => i !== index) })
                }
              >
                Remove adult {index + 2}
              </Button>
            )}
          </div>
        );
      })}
      {!couple && (
        <>
          {value.adults.length < PARTICIPANT_RULES.familyAdults && (
            <Button
              variant="outline-success"
              size="sm"
              className="mb-3"
              onClick={() =>
                onChange({ ...value, adults: [...value.adults, { name: '', email: '' }] })
              }
            >
              Add another adult
            </Button>
          )}
          {value.children.map((child, index) => {
            const problem =
              showProblems || leftAges.has(index) ? typedAgeProblem(child.age, index) : undefined;
            const errorId = `${childAgeId(index)}-error`;
            return (
              <fieldset key={index} className="party-child mb-2">
                <legend className="form-label mb-1">Child {index + 1}</legend>
                <div className="d-flex flex-wrap gap-2 align-items-end">
                  <Form.Group controlId={`party-child-${index}`} className="party-child-name">
                    <Form.Label className="small mb-1">Child {index + 1}: first name</Form.Label>
                    <Form.Control
                      type="text"
                      autoComplete="off"
                      maxLength={PARTICIPANT_RULES.firstNameMaxLength}
                      value={child.firstName}
                      onChange={(event) => setChild(index, 'firstName', event.target.value)}
                    />
                  </Form.Group>
                  <Form.Group controlId={childAgeId(index)} className="party-child-age">
                    <Form.Label className="small mb-1">Child {index + 1}: age in years</Form.Label>
                    <Form.Control
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      required
                      maxLength={2}
                      value={child.age}
                      isInvalid={problem !== undefined}
                      aria-invalid={problem !== undefined}
                      aria-describedby={problem ? errorId : undefined}
                      onChange={(event) => setChild(index, 'age', event.target.value)}
                      onBlur={() => setLeftAges((left) => new Set(left).add(index))}
                    />
                  </Form.Group>
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    className="mb-1"
                    onClick={() => {
                      setLeftAges(
                        (left) =>
                          new Set(
                            [...left].flatMap((i) => (i < index ? [i] : i > index ? [i - 1] : [])),
                          ),
                      );
                      onChange({
                        ...value,
                        children: value.children.filter((_, i) => i !== index),
                      });
                    }}
                  >
                    Remove child {index + 1}
                  </Button>
                </div>
                <FieldError id={errorId} message={problem} />
              </fieldset>
            );
          })}
          {value.children.length < PARTICIPANT_RULES.familyChildren && (
            <div>
              <Button
                variant="outline-success"
                size="sm"
                onClick={() =>
                  onChange({ ...value, children: [...value.children, { firstName: '', age: '' }] })
                }
              >
                Add a child under 16
              </Button>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
