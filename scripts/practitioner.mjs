// Makes an account the practitioner (custom claim `practitioner: true`), who may open /practice.
//   npm run practitioner -- <email>                       the dev Auth emulator (npm start)
//   GOOGLE_APPLICATION_CREDENTIALS=key.json npm run practitioner -- <email> --project <id>
//   add --remove to take the claim away
import { createRequire } from 'node:module';
import path from 'node:path';
import { LOCAL_HOST, LOCAL_STACKS } from './local-stack.ts';
import { practitionerArguments } from './practitioner-arguments.ts';

// firebase-admin is the function's dependency; use that copy.
const requireFromFunctions = createRequire(
  path.resolve(import.meta.dirname, '../functions/package.json'),
);
const { initializeApp } = requireFromFunctions('firebase-admin/app');
const { getAuth } = requireFromFunctions('firebase-admin/auth');

const { email, project, remove } = practitionerArguments(process.argv.slice(2));
if (!email) {
  console.error('Usage: npm run practitioner -- <email> [--project <id>] [--remove]');
  process.exit(2);
}

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
  if (remove) delete claims.practitioner;
  else claims.practitioner = true;
  await auth.setCustomUserClaims(user.uid, claims);
  console.log(
    remove
      ? `${email} is no longer the practitioner (${where}).`
      : `${email} is now the practitioner (${where}). They sign out and in again to open /practice.`,
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
