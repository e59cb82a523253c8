import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PARTICIPANT_RULES } from '../../../shared/participants';
import type { Service } from '../../../shared/service';

export interface PartyDraft {
  adults: { name: string; email: string }[];
  children: string[];
}

export const emptyParty = (): PartyDraft => ({ adults: [{ name: '', email: '' }], children: [] });

/** The request's `participants` and `children`, as the API takes them. */
export const partyRequest = (service: Pick<Service, 'attendees'>, party: PartyDraft) =>
  service.attendees === 'couple' || service.attendees === 'family'
    ? {
        participants: party.adults.map((each) => ({ name: each.name, email: each.email })),
        ...(service.attendees === 'family' && {
          children: party.children.map((firstName) => ({ firstName })),
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
}: {
  service: Pick<Service, 'attendees'>;
  value: PartyDraft;
  onChange: (party: PartyDraft) => void;
}) {
  const couple = service.attendees === 'couple';
  if (!couple && service.attendees !== 'family') return null;
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
          : `Each adult gets an email invitation to join with their own account. Children under 16 come by first name only.`}
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
          {value.children.map((firstName, index) => (
            <Form.Group key={index} controlId={`party-child-${index}`} className="mb-2">
              <Form.Label>Child {index + 1}: first name</Form.Label>
              <div className="d-flex gap-2">
                <Form.Control
                  type="text"
                  autoComplete="off"
                  maxLength={PARTICIPANT_RULES.firstNameMaxLength}
                  value={firstName}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      children: value.children.map((each, i) =>
                        i === index ? event.target.value : each,
                      ),
                    })
                  }
                />
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() =>
                    onChange({ ...value, children: value.children.filter((_, i) => i !== index) })
                  }
                >
                  Remove child {index + 1}
                </Button>
              </div>
            </Form.Group>
          ))}
          {value.children.length < PARTICIPANT_RULES.familyChildren && (
            <div>
              <Button
                variant="outline-success"
                size="sm"
                onClick={() => onChange({ ...value, children: [...value.children, ''] })}
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
