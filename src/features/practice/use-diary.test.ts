import { forgetEarlyReads } from '../../lib/early-reads';
import { writeSessionHint } from '../../lib/session-hint';
import { temporalReady } from '../../lib/temporal';
import { fetchDiary } from './practice-api';

// The diary's module starts its reads as it loads, where this browser was signed in last time
// (src/lib/early-reads.ts): only for a session the practice gate would let in as restored.
type Claims = Record<string, unknown>;
const auth = {
  currentUser: null as {
    uid: string;
    emailVerified: boolean;
    getIdTokenResult: () => Promise<{ claims: Claims }>;
  } | null,
  authStateReady: () => Promise.resolve(),
};
vi.mock('../../lib/load-firebase', () => ({
  loadFirebase: () => Promise.resolve({ firebaseAuth: () => auth }),
}));
vi.mock('./practice-api', () => ({
  fetchDiary: vi.fn(() => Promise.resolve({ sessions: [], requests: [] })),
}));

function restores(claims: Claims) {
  auth.currentUser = {
    uid: 'someone',
    emailVerified: true,
    getIdTokenResult: () => Promise.resolve({ claims }),
  };
}

/** Loads the diary's module afresh, as the page does, and lets its early reads start. */
async function openDiaryModule() {
  vi.resetModules();
  const earlyReads = await import('../../lib/early-reads');
  await import('./use-diary');
  await temporalReady();
  for (let tick = 0; tick < 10; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return earlyReads;
}

beforeEach(() => {
  vi.mocked(fetchDiary).mockClear();
  writeSessionHint(true);
});

afterEach(async () => {
  (await import('../../lib/early-reads')).forgetEarlyReads();
  forgetEarlyReads();
  writeSessionHint(false);
});

it("a client's session restoring on /practice starts no read of the practitioner's diary", async () => {
  restores({});
  await openDiaryModule();
  expect(fetchDiary).not.toHaveBeenCalled();
});

it("the practitioner's session before her passkey step starts no read", async () => {
  restores({ practitioner: true });
  await openDiaryModule();
  expect(fetchDiary).not.toHaveBeenCalled();
});

it('the practitioner with her passkey step reads the waiting requests and this week at once', async () => {
  restores({ practitioner: true, second_factor: 'passkey' });
  await openDiaryModule();
  expect(fetchDiary).toHaveBeenCalledTimes(2);
  expect(fetchDiary).toHaveBeenCalledWith(undefined, expect.any(AbortSignal));
  expect(fetchDiary).toHaveBeenCalledWith(
    { from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), to: expect.any(String) },
    expect.any(AbortSignal),
  );
});
