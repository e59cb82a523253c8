import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../shared/booking';
import { NoteField } from './note-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [note, setNote] = useState(initial);
  return <NoteField value={note} onChange={setNote} />;
}

const field = () => screen.getByLabelText('Note for the practitioner (optional)');

describe('the note field', () => {
  it('counts characters as the visitor types and reminds them not to write clinical details', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('0 of 500 characters')).toBeInTheDocument();
    await user.type(field(), 'Evenings suit me');
    expect(screen.getByText('16 of 500 characters')).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription(/do not write clinical details/);
    expect(field()).toHaveAccessibleDescription(/16 of 500 characters/);
  });

  it('stops at 500 characters, typed or pasted', async () => {
    const user = userEvent.setup();
    render(<Harness initial={'a'.repeat(NOTE_MAX_LENGTH - 2)} />);
    expect(field()).toHaveAttribute('maxlength', '500');
    await user.type(field(), 'bcdef');
    expect(field()).toHaveValue(`${'a'.repeat(498)}bc`);
    expect(screen.getByText('500 of 500 characters (the limit)')).toBeInTheDocument();

    await user.clear(field());
    await user.click(field());
    await user.paste('x'.repeat(NOTE_MAX_LENGTH + 100));
    expect(field()).toHaveValue('x'.repeat(NOTE_MAX_LENGTH));
  });

  it('shows hostile text as text', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.type(field(), '<img src=x onerror=alert(1)>');
    expect(field()).toHaveValue('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
  });
});
