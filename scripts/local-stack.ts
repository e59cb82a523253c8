/**
 * Every local port and host, written once. Each way the project runs has its own set, so they can
 * run side by side: `npm start` (dev), `npm run preview`, the browser tests (e2e), the browser smoke
 * test of the dev stack (smoke), the API tests (api) and the signed-in hydration bench (bench).
 * Firebase configs, .env values, Playwright and the scripts all read this file.
 */
export const LOCAL_HOST = '127.0.0.1';

export interface LocalStack {
  /** Firebase project id used by the emulators (a `demo-` project never reaches Google). */
  projectId: string;
  /** Folder the Hosting emulator serves (modes that serve a build). */
  site?: string;
  ports: {
    /** Vite dev server (dev, smoke) or the Hosting emulator (preview, e2e). */
    site: number;
    auth: number;
    functions: number;
    hub: number;
    logging: number;
    smtp: number;
    mailWeb: number;
    /** Node inspector of the one Functions worker (see scripts/firebase-local.ts). */
    functionsInspector: number;
    /** Emulators the Functions emulator starts with it (their default ports clash between stacks). */
    eventarc: number;
    tasks: number;
    /** The Stripe stand-in (functions/src/testing/stripe-stand-in.ts): API, Checkout, Portal. */
    stripe: number;
    /** The Twilio stand-in (functions/src/testing/twilio-stand-in.ts): Messages API, texts page. */
    twilio: number;
  };
}

const BASE_STACKS = {
  dev: {
    projectId: 'demo-counselling',
    ports: {
      site: 5173,
      auth: 9099,
      functions: 5001,
      hub: 4400,
      logging: 4500,
      smtp: 1025,
      mailWeb: 1080,
      functionsInspector: 9229,
      eventarc: 9290,
      tasks: 9490,
      stripe: 12111,
      twilio: 12211,
    },
  },
  preview: {
    projectId: 'demo-counselling',
    site: 'dist',
    ports: {
      site: 4173,
      auth: 9099,
      functions: 5001,
      hub: 4400,
      logging: 4500,
      smtp: 1025,
      mailWeb: 1080,
      functionsInspector: 9229,
      eventarc: 9290,
      tasks: 9490,
      stripe: 12111,
      twilio: 12211,
    },
  },
  e2e: {
    projectId: 'demo-counselling-e2e',
    site: 'dist-test',
    ports: {
      site: 4174,
      auth: 9199,
      functions: 5101,
      hub: 4410,
      logging: 4510,
      smtp: 1125,
      mailWeb: 1180,
      functionsInspector: 9239,
      eventarc: 9291,
      tasks: 9491,
      stripe: 12112,
      twilio: 12212,
    },
  },
  smoke: {
    projectId: 'demo-counselling-smoke',
    ports: {
      site: 5175,
      auth: 9299,
      functions: 5201,
      hub: 4420,
      logging: 4520,
      smtp: 1225,
      mailWeb: 1280,
      functionsInspector: 9249,
      eventarc: 9292,
      tasks: 9492,
      stripe: 12113,
      twilio: 12213,
    },
  },
  api: {
    projectId: 'demo-counselling-api',
    ports: {
      site: 5176,
      auth: 9399,
      functions: 5301,
      hub: 4430,
      logging: 4530,
      smtp: 1325,
      mailWeb: 1380,
      functionsInspector: 9259,
      eventarc: 9293,
      tasks: 9493,
      stripe: 12114,
      twilio: 12214,
    },
  },
  // `node scripts/bench/hydration.ts --signed-in`: it measures builds made for the preview stack,
  // whose browser it points at this Auth emulator (scripts/bench/signed-in.ts); `site` is where it
  // serves the measured build, the origin this stack's API checks passkeys against (SITE_URL).
  bench: {
    projectId: 'demo-counselling-bench',
    ports: {
      site: 4177,
      auth: 9499,
      functions: 5401,
      hub: 4440,
      logging: 4540,
      smtp: 1425,
      mailWeb: 1480,
      functionsInspector: 9269,
      eventarc: 9294,
      tasks: 9494,
      stripe: 12115,
      twilio: 12215,
    },
  },
} as const satisfies Record<string, LocalStack>;

export type LocalStackName = keyof typeof BASE_STACKS;

/**
 * `LOCAL_PORT_OFFSET=100` moves every port of every stack (and the test PostgreSQL) by 100, so two
 * checkouts of the project can run their tests on one machine at once. Unset, the ports are as above.
 */
const PORT_OFFSET = Number(process.env.LOCAL_PORT_OFFSET ?? 0);
if (!Number.isInteger(PORT_OFFSET) || PORT_OFFSET < 0 || PORT_OFFSET > 5000) {
  throw new Error('LOCAL_PORT_OFFSET must be a whole number from 0 to 5000.');
}

const shifted = (stack: LocalStack): LocalStack => ({
  ...stack,
  ports: Object.fromEntries(
    Object.entries(stack.ports).map(([name, port]) => [name, port + PORT_OFFSET]),
  ) as LocalStack['ports'],
});

export const LOCAL_STACKS = Object.fromEntries(
  Object.entries(BASE_STACKS).map(([name, stack]) => [name, shifted(stack)]),
) as {
  [Name in LocalStackName]: Omit<(typeof BASE_STACKS)[Name], 'ports'> & Pick<LocalStack, 'ports'>;
};

/** Port of the real PostgreSQL server the data-layer tests start (Debian's postgresql). */
export const TEST_POSTGRES_PORT = 55432 + PORT_OFFSET;

export const origin = (port: number) => `http://${LOCAL_HOST}:${port}`;

/**
 * Where a stack's site is opened: `localhost`, not the loopback address the servers listen on,
 * because WebAuthn refuses an IP address as a passkey's site ("This is an invalid domain"). The
 * API's passkeys take `localhost` as their relying party id from this address (SITE_URL).
 */
export const SITE_HOST = 'localhost';
export const siteOrigin = (port: number) => `http://${SITE_HOST}:${port}`;
