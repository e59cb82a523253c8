// Makes an account the practitioner (custom claim `practitioner: true`), who may open /practice,
// and prints a one-time link (24 hours) to enrol her first passkey, which the practice pages ask
// for after her password. Only the link's SHA-256 is kept, in the claim `passkey_enrolment`
// ("<hash>:<expiry in Unix seconds>", read by functions/src/passkeys/enrolment.ts), and as the
// grant (`practitioner_grant`): only passkeys made under it count (functions/src/passkeys/grant.ts),
// so any passkey the account had before stops signing in now and is deleted when she enrols.
// Every session of the account is ended, so no sign-in from before the grant carries it.
//   npm run practitioner -- <email>                       the dev Auth emulator (npm start)
//   GOOGLE_APPLICATION_CREDENTIALS=key.json npm run practitioner -- <email> --project <id> --site https://www.example.com
//   add --remove to take the claim away
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LOCAL_HOST, LOCAL_STACKS, siteOrigin } from './local-stack.ts';
import { practitionerArguments } from './practitioner-arguments.ts';

// firebase-admin is the function's dependency; use that copy.
const requireFromFunctions = createRequire(
  path.resolve(import.meta.dirname, '../functions/package.json'),
);
const { initializeApp } = requireFromFunctions('firebase-admin/app');
const { getAuth } = requireFromFunctions('firebase-admin/auth');

const { email, project, remove, site } = practitionerArguments(process.argv.slice(2));
if (!email || (project && !remove && !site)) {
  console.error(
    'Usage: npm run practitioner -- <email> [--project <id> --site <https://the site>] [--remove]',
  );
  process.exit(2);
}
const ENROLMENT_HOURS = 24;

let projectId = LOCAL_STACKS.dev.projectId;
if (project) {
  if (!process.env.GOOGLE_APPLICATION_CREDENTIALS) {
    console.error(
      'For a real project, set GOOGLE_APPLICATION_CREDENTIALS to a service account key file.',
    );
    process.exit(2);
  }
  projectId = project;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
} else {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${LOCAL_HOST}:${LOCAL_STACKS.dev.ports.auth}`;
}

initializeApp({ projectId });
const auth = getAuth();
const where = project
  ? `project ${project}`
  : `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
try {
  const user = await auth.getUserByEmail(email);
  const claims = { ...user.customClaims };
  let link = '';
  if (remove) {
    delete claims.practitioner;
    delete claims.passkey_enrolment;
    delete claims.practitioner_grant;
  } else {
    const token = randomBytes(32).toString('base64url');
    const expires = Math.floor(Date.now() / 1000) + ENROLMENT_HOURS * 3600;
    const hash = createHash('sha256').update(token).digest('hex');
    claims.practitioner = true;
    claims.passkey_enrolment = `${hash}:${expires}`;
    claims.practitioner_grant = hash;
    const origin = (site ?? siteOrigin(LOCAL_STACKS.dev.ports.site)).replace(/\/+$/, '');
    link = `${origin}/account/passkeys?token=${token}`;
  }
  await auth.setCustomUserClaims(user.uid, claims);
  // A sign-in from before the grant (anyone who held the account then) ends here.
  await auth.revokeRefreshTokens(user.uid);
  console.log(
    remove
      ? `${email} is no longer the practitioner (${where}). Every session of the account was ended.`
      : `${email} is now the practitioner (${where}).\n` +
          'Any passkey and recovery code the account had before no longer signs in, and is deleted when she enrols from the link below; every session of the account was ended.\n' +
          `Her enrolment link (works once, for ${ENROLMENT_HOURS} hours; only she should open it, signed in as ${email}):\n\n  ${link}\n\n` +
          'There she adds her first passkey and saves her ten recovery codes; the diary asks for the passkey after each sign-in.',
  );
} catch (error) {
  if (error?.code === 'auth/user-not-found') {
    console.error(`There is no account for ${email} in ${where}. Register it on the site first.`);
  } else if (error?.code === 'app/network-error' || /ECONNREFUSED/.test(String(error?.message))) {
    console.error(`Could not reach ${where}. Is \`npm start\` running?`);
  } else {
    console.error(`Could not set the claim: ${error?.message ?? error}`);
  }
  process.exit(1);
}
