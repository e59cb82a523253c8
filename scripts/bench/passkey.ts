// The practitioner's passkey for `--signed-in` (docs/passkeys.md): every practitioner endpoint asks
// for her passkey step, so the bench enrols her as she is enrolled and signs her in as she signs
// in. Her first passkey is added from a one-time enrolment link (the claim `npm run practitioner`
// writes) through the API's registration endpoints, answered in Node by the software
// authenticator of the tests (functions/src/testing/authenticator.ts). The browser that signs her
// in gets that same passkey in Chromium's virtual authenticator (CDP WebAuthn), and the diary's
// passkey step runs there for real: the API checks the answer and hands back the token the page
// signs in with. Nothing gets past the server's checks any other way.
import { createHash, randomBytes } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';
import { SoftwareAuthenticator } from '../../functions/src/testing/authenticator.ts';

/** Her passkey as CDP's WebAuthn.addCredential takes it, its signature counter kept current. */
export type PasskeyKey = ReturnType<SoftwareAuthenticator['exportKey']>;

/** How long her enrolment link works, as `npm run practitioner` makes it (scripts/practitioner.mjs). */
const ENROLMENT_HOURS = 24;

/**
 * The custom claims `npm run practitioner` gives her: `practitioner: true`, the enrolment
 * link's SHA-256 with its expiry, and that hash as her grant (read by functions/src/passkeys/enrolment.ts). The link's token
 * itself is returned, never kept.
 */
export function practitionerClaims(now = Date.now()): {
  token: string;
  claims: { practitioner: true; passkey_enrolment: string; practitioner_grant: string };
} {
  const token = randomBytes(32).toString('base64url');
  const expires = Math.floor(now / 1000) + ENROLMENT_HOURS * 3600;
  const hash = createHash('sha256').update(token).digest('hex');
  return {
    token,
    claims: {
      practitioner: true,
      passkey_enrolment: `${hash}:${expires}`,
      practitioner_grant: hash,
    },
  };
}

type Post = <T>(path: string, body: unknown, idToken: string) => Promise<T>;

/**
 * Enrols her first passkey from the enrolment link, through the API's registration endpoints as
 * her browser would on /account/passkeys?token=…, signed in with her password. `siteOrigin` is
 * the site the API takes as its relying party (SITE_URL): the origin the answer names.
 */
export async function enrolPasskey(
  post: Post,
  { idToken, enrolment, siteOrigin }: { idToken: string; enrolment: string; siteOrigin: string },
): Promise<PasskeyKey> {
  const authenticator = new SoftwareAuthenticator(siteOrigin);
  const options = await post<Parameters<SoftwareAuthenticator['create']>[0]>(
    '/passkeys/registration/options',
    { enrolment },
    idToken,
  );
  await post(
    '/passkeys/registration',
    { enrolment, response: authenticator.create(options), name: 'Bench browser' },
    idToken,
  );
  return authenticator.exportKey();
}

/** Chromium's virtual authenticator (CDP) on the page, holding her passkey: a platform one that verifies its user. */
export async function addVirtualAuthenticator(
  page: Page,
  key: PasskeyKey,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: key });
  return { cdp, authenticatorId };
}

/**
 * Her passkey as the virtual authenticator left it: the API refuses a signature counter that
 * goes back, so the next browser that signs her in must start from this one's count.
 */
export async function passkeyAfterUse(
  { cdp, authenticatorId }: { cdp: CDPSession; authenticatorId: string },
  key: PasskeyKey,
): Promise<PasskeyKey> {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  const used = credentials.find((each) => each.credentialId === key.credentialId);
  if (!used) throw new Error('The virtual authenticator lost her passkey');
  return { ...key, signCount: used.signCount };
}
