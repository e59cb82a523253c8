import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { config } from '../../config/env';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SessionProvider } from './session';

const firebase = vi.hoisted(() => ({
  user: { uid: 'u1', email: 'jo@example.com', emailVerified: false },
  createUserWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  updateProfile: vi.fn(),
}));

vi.mock('../../lib/firebase', () => ({
  firebaseAuth: () => ({ currentUser: null }),
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    listener(null);
    return () => undefined;
  },
  onIdTokenChanged: () => () => undefined,
  createUserWithEmailAndPassword: firebase.createUserWithEmailAndPassword,
  sendEmailVerification: firebase.sendEmailVerification,
  updateProfile: firebase.updateProfile,
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

function Arrived() {
  const { pathname, search } = useLocation();
  return <p>Arrived at {`${pathname}${search}`}</p>;
}

/** The account forms as the site routes them, entered the way the checkout gate sends a visitor. */
function renderForms(state: unknown) {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
        <Routes>
          <Route path="/login" element={<LoginForm />} />
          <Route path="/register" element={<RegisterForm />} />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

async function register(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'Jo');
  await user.type(screen.getByLabelText('Email address'), 'jo@example.com');
  await user.type(screen.getByLabelText('Password'), 'calm-waters-7');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => {
  firebase.createUserWithEmailAndPassword.mockReset().mockResolvedValue({ user: firebase.user });
  firebase.sendEmailVerification.mockReset().mockResolvedValue(undefined);
  firebase.updateProfile.mockReset().mockResolvedValue(undefined);
});

describe('from Book Now through log in and register', () => {
  it('registering from the log-in page goes on to the checkout for the chosen service', async () => {
    const user = userEvent.setup();
    renderForms({ from: { pathname: '/checkout', search: '?service=1000', hash: '' } });
    await user.click(screen.getByRole('link', { name: 'Please register!' }));
    // Back and forth between the forms keeps the destination too.
    await user.click(screen.getByRole('link', { name: 'Please Log In!' }));
    await user.click(screen.getByRole('link', { name: 'Please register!' }));
    await register(user);
    expect(await screen.findByText('Arrived at /checkout?service=1000')).toBeInTheDocument();
    // The emailed link brings the visitor back there as well.
    expect(firebase.sendEmailVerification).toHaveBeenCalledExactlyOnceWith(firebase.user, {
      url: `${config.siteUrl}/checkout?service=1000`,
    });
  });

  it('registering with nothing remembered ends on /home, as the spec says', async () => {
    const user = userEvent.setup();
    renderForms(undefined);
    await user.click(screen.getByRole('link', { name: 'Please register!' }));
    await register(user);
    expect(await screen.findByText('Arrived at /home')).toBeInTheDocument();
    expect(firebase.sendEmailVerification).toHaveBeenCalledExactlyOnceWith(
      firebase.user,
      undefined,
    );
  });

  it('a destination off the site is not carried', async () => {
    const user = userEvent.setup();
    renderForms({ from: { pathname: '//evil.example/x' } });
    await user.click(screen.getByRole('link', { name: 'Please register!' }));
    await register(user);
    expect(await screen.findByText('Arrived at /home')).toBeInTheDocument();
  });
});
