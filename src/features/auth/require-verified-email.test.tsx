import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { config } from '../../config/env';
import { writeSessionHint } from '../../lib/session-hint';
import { RequireVerifiedEmail } from './require-verified-email';
import { SessionProvider } from './session';

// One signed-in visitor whose address is not verified yet: the tests play the SDK's part.
const firebase = vi.hoisted(() => ({
  user: { uid: 'u1', email: 'sam@example.com', emailVerified: false, reload: vi.fn() },
  sendEmailVerification: vi.fn(),
  listened: vi.fn(),
  listener: undefined as ((user: unknown) => void) | undefined,
}));

vi.mock('../../lib/firebase', () => ({
  firebaseAuth: () => ({ currentUser: firebase.user }),
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebase.listened();
    firebase.listener = listener;
    listener(firebase.user);
    return () => undefined;
  },
  onIdTokenChanged: () => () => undefined,
  sendEmailVerification: firebase.sendEmailVerification,
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

function renderGate() {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/checkout?service=2']}>
        <RequireVerifiedEmail>
          <p>The checkout itself</p>
        </RequireVerifiedEmail>
      </MemoryRouter>
    </SessionProvider>,
  );
}

beforeEach(() => {
  writeSessionHint(true); // this browser has been signed in: the gate asks Firebase
  firebase.listened.mockReset();
  firebase.user.emailVerified = false;
  firebase.user.reload.mockReset().mockResolvedValue(undefined);
  firebase.sendEmailVerification.mockReset().mockResolvedValue(undefined);
});

afterEach(() => writeSessionHint(false));

describe('a visitor this browser never saw signed in', () => {
  it('goes to log in at once, without loading Firebase', async () => {
    writeSessionHint(false);
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/checkout?service=2']}>
          <Routes>
            <Route
              path="/checkout"
              element={
                <RequireVerifiedEmail>
                  <p>The checkout itself</p>
                </RequireVerifiedEmail>
              }
            />
            <Route path="/login" element={<p>The log-in page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByText('The log-in page')).toBeInTheDocument();
    expect(firebase.listened).not.toHaveBeenCalled();
  });
});

describe('the unverified step of the checkout', () => {
  it('says where the link went, in the spec words and a calm "check your email"', async () => {
    renderGate();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Email is not verified!!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please Verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/^We sent a link to/)).toHaveTextContent(
      'We sent a link to sam@example.com.',
    );
  });

  it('"I have verified my email" says so when the address is still not verified', async () => {
    const user = userEvent.setup();
    renderGate();
    await user.click(await screen.findByRole('button', { name: 'I have verified my email' }));
    expect(firebase.user.reload).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'sam@example.com is not verified yet. Open the link in the email we sent, then press "I have verified my email" again.',
    );
    expect(screen.queryByText('The checkout itself')).not.toBeInTheDocument();
  });

  it('"I have verified my email" opens the checkout once the address is verified', async () => {
    const user = userEvent.setup();
    firebase.user.reload.mockImplementation(() => {
      firebase.user.emailVerified = true;
      return Promise.resolve();
    });
    renderGate();
    await user.click(await screen.findByRole('button', { name: 'I have verified my email' }));
    expect(await screen.findByText('The checkout itself')).toBeInTheDocument();
  });

  it('sends the link again, back to this checkout, and says where it went', async () => {
    const user = userEvent.setup();
    renderGate();
    await user.click(await screen.findByRole('button', { name: 'Send Verification Email Again' }));
    expect(firebase.sendEmailVerification).toHaveBeenCalledExactlyOnceWith(firebase.user, {
      url: `${config.siteUrl}/checkout?service=2`,
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a new link to sam@example.com.',
    );
  });
});

describe('signing in as someone else in another tab', () => {
  it('starts the page afresh: nothing typed for the last person stays for the next', async () => {
    firebase.user.emailVerified = true;
    render(
      <SessionProvider>
        <MemoryRouter>
          <RequireVerifiedEmail>
            <label>
              Your answer
              <input />
            </label>
          </RequireVerifiedEmail>
        </MemoryRouter>
      </SessionProvider>,
    );
    const field = await screen.findByLabelText('Your answer');
    await userEvent.type(field, 'The first account’s answer');
    expect(field).toHaveValue('The first account’s answer');
    const { act } = await import('@testing-library/react');
    act(() =>
      firebase.listener?.({
        ...firebase.user,
        uid: 'u2',
        email: 'alex@example.com',
        reload: vi.fn(),
      }),
    );
    expect(await screen.findByLabelText('Your answer')).toHaveValue('');
  });
});
