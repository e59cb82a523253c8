import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import fc from 'fast-check';
import { partyProblem, PartyRequestSchema } from '../../../shared/participants';
import * as v from 'valibot';
import {
  emptyParty,
  firstWrongAge,
  PartyFields,
  partyRequest,
  type PartyDraft,
} from './party-fields';

const FAMILY = { attendees: 'family' as const };
let latest: PartyDraft = emptyParty();

function Harness({ showProblems = false }: { showProblems?: boolean }) {
  const [party, setParty] = useState(emptyParty);
  const change = (next: PartyDraft) => {
    latest = next;
    setParty(next);
  };
  return (
    <PartyFields service={FAMILY} value={party} onChange={change} showProblems={showProblems} />
  );
}

/** The children the request sends (a family's only). */
const childrenSent = (party: PartyDraft) => {
  const request = partyRequest(FAMILY, party);
  return 'children' in request ? request.children : undefined;
};

const age = (child: number) => screen.getByLabelText(`Child ${child}: age in years`);
const firstName = (child: number) => screen.getByLabelText(`Child ${child}: first name`);

describe('a family’s children in the booking form', () => {
  beforeEach(() => {
    latest = emptyParty();
  });

  it('asks each child’s first name and age in years, and sends the age as the API takes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Adult 2: name'), 'Sam Parent');
    await user.type(screen.getByLabelText('Adult 2: email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Add a child under 16' }));
    expect(screen.getByRole('group', { name: 'Child 1' })).toBeInTheDocument();
    await user.type(firstName(1), 'Mia');
    await user.type(age(1), '3');
    expect(age(1)).toBeRequired();
    expect(firstWrongAge(FAMILY, latest)).toBe(-1);
    const request = partyRequest(FAMILY, latest);
    expect(childrenSent(latest)).toEqual([{ firstName: 'Mia', ageYears: 3 }]);
    expect(v.safeParse(PartyRequestSchema, request).success).toBe(true);
  });

  it('says clearly when an age is wrong, once the field is left, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add a child under 16' }));
    await user.type(firstName(1), 'Noor');
    await user.type(age(1), '17');
    // Not while first typed.
    expect(screen.queryByText(/age in whole years/)).not.toBeInTheDocument();
    await user.tab();
    const sentence =
      'Give child 1’s age in whole years, from 0 to 15: invite anyone older as an adult.';
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(age(1)).toHaveAttribute('aria-invalid', 'true');
    expect(age(1)).toHaveAccessibleDescription(`Error: ${sentence}`);
    expect(age(1)).toHaveValue('17');
    expect(firstName(1)).toHaveValue('Noor');
    expect(firstWrongAge(FAMILY, latest)).toBe(0);

    await user.clear(age(1));
    await user.type(age(1), 'two');
    expect(screen.getByText(sentence)).toBeInTheDocument();
    await user.clear(age(1));
    await user.type(age(1), '15');
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
    expect(age(1)).toHaveAttribute('aria-invalid', 'false');
    expect(childrenSent(latest)).toEqual([{ firstName: 'Noor', ageYears: 15 }]);
  });

  it('once the form is sent, an age not given says so', async () => {
    const user = userEvent.setup();
    render(<Harness showProblems />);
    await user.click(screen.getByRole('button', { name: 'Add a child under 16' }));
    expect(screen.getByText('Give child 1’s age in years.')).toBeInTheDocument();
    expect(firstWrongAge(FAMILY, latest)).toBe(0);
  });

  it('says before sending what the API would answer: a child without an age, or one too old', async () => {
    const user = userEvent.setup();
    render(<Harness showProblems />);
    const add = screen.getByRole('button', { name: 'Add a child under 16' });
    await user.type(screen.getByLabelText('Adult 2: name'), 'Sam Parent');
    await user.type(screen.getByLabelText('Adult 2: email'), 'sam@example.com');
    await user.click(add);
    await user.click(add);
    await user.type(firstName(1), 'Ava');
    await user.type(age(1), '16');
    await user.type(firstName(2), 'Ben');
    // What the API answers (422) to the same children, were they sent.
    const apiSays = (children: { firstName: string; ageYears?: number }[]) =>
      partyProblem(
        { name: 'Family Therapy', attendees: 'family' },
        v.parse(PartyRequestSchema, { ...partyRequest(FAMILY, latest), children }),
        'booker@example.com',
      );
    const tooOld = apiSays([{ firstName: 'Ava', ageYears: 16 }]);
    const noAge = apiSays([{ firstName: 'Ava', ageYears: 3 }, { firstName: 'Ben' }]);
    expect(tooOld).toBe(
      'Give child 1’s age in whole years, from 0 to 15: invite anyone older as an adult.',
    );
    expect(noAge).toBe('Give child 2’s age in years.');
    expect(screen.getByText(tooOld ?? '')).toBeInTheDocument();
    expect(screen.getByText(noAge ?? '')).toBeInTheDocument();
    expect(firstWrongAge(FAMILY, latest)).toBe(0);
  });

  it('for any age typed, refuses it before sending exactly when the API would refuse what it sends', () => {
    const typed = fc.oneof(
      fc.integer({ min: -3, max: 120 }).map(String),
      fc.constantFrom('', ' ', '0', '15', '16', '07', ' 9 ', '2.5', '-1', 'two', '1e1', '٣'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 6 }), (ages) => {
        const party: PartyDraft = {
          adults: [{ name: 'Sam Parent', email: 'sam@example.com' }],
          children: ages.map((each, index) => ({ firstName: `Child${index}`, age: each })),
        };
        const formRefuses = firstWrongAge(FAMILY, party) >= 0;
        // What would go over the wire, and the API's verdict on it.
        const sent: unknown = JSON.parse(JSON.stringify(partyRequest(FAMILY, party)));
        const parsed = v.safeParse(PartyRequestSchema, sent);
        const apiRefuses =
          !parsed.success ||
          partyProblem(
            { name: 'Family Therapy', attendees: 'family' },
            parsed.output,
            'booker@example.com',
          ) !== null;
        expect(formRefuses).toBe(apiRefuses);
      }),
      { numRuns: 300 },
    );
  });

  it('removing one child keeps every other child’s name and age', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const add = screen.getByRole('button', { name: 'Add a child under 16' });
    await user.click(add);
    await user.click(add);
    await user.type(firstName(1), 'Ava');
    await user.type(age(1), '9');
    await user.type(firstName(2), 'Ben');
    await user.type(age(2), '4');
    await user.click(screen.getByRole('button', { name: 'Remove child 1' }));
    expect(firstName(1)).toHaveValue('Ben');
    expect(age(1)).toHaveValue('4');
    expect(screen.queryByLabelText('Child 2: first name')).not.toBeInTheDocument();
  });

  it('a couple is asked no children', () => {
    render(
      <PartyFields service={{ attendees: 'couple' }} value={emptyParty()} onChange={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: /Add a child/ })).not.toBeInTheDocument();
  });
});
