// Writes firebase.<mode>.json: firebase.json with the emulator ports of that local mode (from
// scripts/local-stack.ts) and the Auth emulator's origin allowed by the Content-Security-Policy.
// Production uses firebase.json as is.
//   node scripts/hosting-config.mjs dev        (npm start: Auth + Functions beside Vite)
//   node scripts/hosting-config.mjs emulator   (npm run preview)
//   node scripts/hosting-config.mjs test       (the browser tests)
//   node scripts/hosting-config.mjs api        (the API tests)
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_HOST, LOCAL_STACKS } from './local-stack.ts';

const emulatorPorts = ({ ports }) => ({
  auth: ports.auth,
  functions: ports.functions,
  hosting: ports.site,
  hub: ports.hub,
  logging: ports.logging,
});

// Each mode serves its own build folder, so a preview never swaps the site under a test run.
export const LOCAL_MODES = {
  dev: { site: 'dist', ports: emulatorPorts(LOCAL_STACKS.dev) },
  emulator: { site: LOCAL_STACKS.preview.site, ports: emulatorPorts(LOCAL_STACKS.preview) },
  test: { site: LOCAL_STACKS.e2e.site, ports: emulatorPorts(LOCAL_STACKS.e2e) },
  api: { site: 'dist', ports: emulatorPorts(LOCAL_STACKS.api) },
};

export function localHostingConfig(base, mode) {
  if (!Object.hasOwn(LOCAL_MODES, mode)) {
    throw new Error(`Unknown mode "${mode}": use ${Object.keys(LOCAL_MODES).join(' or ')}.`);
  }
  const { site, ports } = LOCAL_MODES[mode];
  const emulatorOrigin = `http://${LOCAL_HOST}:${ports.auth}`;
  const config = structuredClone(base);
  config.hosting.public = site;
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      header.value = header.value
        .replace(/connect-src ([^;]*)/, `connect-src $1 ${emulatorOrigin}`)
        .replace(/frame-src ([^;]*)/, `frame-src $1 ${emulatorOrigin}`)
        .replace(/; upgrade-insecure-requests/, ''); // the local servers speak plain http
    }
  }
  for (const [name, port] of Object.entries(ports)) {
    config.emulators[name] = { ...config.emulators[name], host: LOCAL_HOST, port };
  }
  return config;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const mode = process.argv[2] ?? 'emulator';
  const base = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  const target = path.join(root, `firebase.${mode}.json`);
  fs.writeFileSync(target, `${JSON.stringify(localHostingConfig(base, mode), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, target)}`);
}
