import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { User } from '../../../lib/firebase';
import { loadFirebase } from '../../../lib/load-firebase';
import { showToast } from '../../../lib/toast';
import { AuthErrorText } from '../auth-error-text';
import { useSession } from '../session';
import { useAuthAction } from '../use-auth-action';

const MAX_NAME = 60; // as at registration
const ERROR_ID = 'name-error';
const HINT_ID = 'name-hint';

export function DisplayNameForm({ user }: { user: User }) {
  const { userChanged } = useSession();
  const { pending, error, run } = useAuthAction();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!displayName) {
      setProblem('Please enter a name (not only spaces).');
      return;
    }
    setProblem(null);
    await run(async () => {
      const { updateProfile } = await loadFirebase();
      await updateProfile(user, { displayName });
      await userChanged();
      void showToast('Your name has been saved.');
    });
  };

  const describedBy = [problem ? HINT_ID : '', error ? ERROR_ID : ''].join(' ').trim();

  return (
    <section className="account-section" aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      <Form onSubmit={(event) => void save(event)} aria-label="Change your name">
        <Form.Group className="mb-3" controlId="account-name">
          <Form.Label>Name</Form.Label>
          <Form.Control
            name="name"
            required
            maxLength={MAX_NAME}
            autoComplete="name"
            defaultValue={user.displayName ?? ''}
            isInvalid={problem !== null}
            aria-describedby={describedBy || undefined}
          />
          <Form.Control.Feedback type="invalid" id={HINT_ID}>
            {problem}
          </Form.Control.Feedback>
        </Form.Group>
        <AuthErrorText id={ERROR_ID} message={error} />
        <Button type="submit" variant="success" disabled={pending}>
          Save name
        </Button>
      </Form>
    </section>
  );
}
