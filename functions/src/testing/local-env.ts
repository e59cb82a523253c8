/**
 * What the local stack running the API tests (or the benchmark) passes in its environment:
 * scripts/firebase-local.ts and scripts/bench-api.mjs set these from scripts/local-stack.ts, so
 * the function's own folder never imports the dev port table.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the API tests with \`npm run test:api\`.`);
  }
  return value;
}

export const localEnv = {
  /** The loopback address every local server listens on. */
  host: () => required('LOCAL_HOST'),
  projectId: () => required('LOCAL_PROJECT_ID'),
  /** The stack's mail port, where the tests' own mail catcher listens. */
  smtpUrl: () => required('SMTP_URL'),
  postgresPort: () => Number(required('TEST_POSTGRES_PORT')),
};
