// Runs the Firebase CLI for one local stack of scripts/local-stack.ts: writes firebase.<stack>.json
// (firebase.json with that stack's emulator ports, its build folder, and the Auth emulator allowed by
// the Content-Security-Policy), then runs `firebase <args> --project <id> --config firebase.<stack>.json`.
//   node scripts/firebase-local.ts dev emulators:exec --only auth vite        (npm start)
//   node scripts/firebase-local.ts preview emulators:start --only auth,hosting (npm run preview)
// Production uses firebase.json as it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_HOST, LOCAL_STACKS, siteOrigin, type LocalStackName } from './local-stack.ts';
import { localStackServerEnv } from './local-env.ts';
import { readInlineHashes, withInlineHashes } from './csp-hashes.ts';

interface FirebaseConfig {
  hosting: {
    public: string;
    headers: { headers: { key: string; value: string }[] }[];
    [key: string]: unknown;
  };
  emulators?: Record<string, unknown>;
  [key: string]: unknown;
}

export function isLocalStack(name: string): name is LocalStackName {
  return Object.hasOwn(LOCAL_STACKS, name);
}

export function localFirebaseConfig(base: FirebaseConfig, name: LocalStackName): FirebaseConfig {
  const stack = LOCAL_STACKS[name];
  const { ports } = stack;
  const authOrigin = siteOrigin(ports.auth);
  const config = structuredClone(base);
  if ('site' in stack) config.hosting.public = stack.site;
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      header.value = header.value
        .replace(/connect-src ([^;]*)/, `connect-src $1 ${authOrigin}`)
        .replace(/frame-src ([^;]*)/, `frame-src $1 ${authOrigin}`)
        .replace(/; upgrade-insecure-requests/, ''); // the local servers speak plain http
    }
  }
  const at = (port: number) => ({ host: LOCAL_HOST, port });
  config.emulators = {
    auth: at(ports.auth),
    functions: at(ports.functions),
    // The dev and smoke stacks serve the site with Vite, not with the Hosting emulator.
    ...('site' in stack ? { hosting: at(ports.site) } : {}),
    hub: at(ports.hub),
    logging: at(ports.logging),
    eventarc: at(ports.eventarc),
    tasks: at(ports.tasks),
    ui: { enabled: false },
    singleProjectMode: true,
  };
  return config;
}

/** Writes firebase.<stack>.json beside firebase.json and returns its path relative to the root. */
export function writeLocalFirebaseConfig(root: string, name: LocalStackName): string {
  const base = JSON.parse(
    fs.readFileSync(path.join(root, 'firebase.json'), 'utf8'),
  ) as FirebaseConfig;
  const file = `firebase.${name}.json`;
  let config = localFirebaseConfig(base, name);
  // A stack that serves a build allows that build's inline critical CSS and boot loader.
  if ('site' in LOCAL_STACKS[name]) {
    config = withInlineHashes(config, readInlineHashes(path.join(root, config.hosting.public)));
  }
  fs.writeFileSync(path.join(root, file), `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

if (import.meta.filename === process.argv[1]) {
  const [name = '', ...args] = process.argv.slice(2);
  if (!isLocalStack(name)) {
    console.error(
      `Usage: node scripts/firebase-local.ts <${Object.keys(LOCAL_STACKS).join('|')}> <firebase arguments…>`,
    );
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, '..');
  const config = writeLocalFirebaseConfig(root, name);
  if (args.length > 0) {
    const { projectId, ports } = LOCAL_STACKS[name];
    // The Functions emulator starts another worker process whenever one is busy, and each would
    // open the embedded PostgreSQL (PGlite, a single-process database) on the same folder. Its
    // sequential mode keeps one worker; the CLI turns it on only with the inspector, on loopback.
    const runsFunctions = args.some((arg) => /^(--only=)?([\w,]*,)?functions(,|$)/.test(arg));
    const sequential = runsFunctions
      ? ['--inspect-functions', String(ports.functionsInspector)]
      : [];
    const firebase = spawn(
      'firebase',
      [...args, ...sequential, '--project', projectId, '--config', config],
      { cwd: root, stdio: 'inherit', env: { ...process.env, ...localStackServerEnv(name, root) } },
    );
    // Ctrl-C and Playwright's shutdown signal the whole process group, so the Firebase CLI gets
    // them itself (a second, forwarded SIGINT would make it skip its clean shutdown): just wait.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
    firebase.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  } else {
    console.log(`wrote ${config}`);
  }
}
