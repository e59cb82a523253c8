// Writes firebase.<mode>.json: firebase.json with the ports of that local mode and the Auth
// emulator's origin allowed by the Content-Security-Policy. Every mode, production included
// (firebase.deploy.json), also allows the inline critical CSS of its build by hash.
//   node scripts/hosting-config.mjs emulator   (npm run preview)
//   node scripts/hosting-config.mjs test       (the browser tests)
//   node scripts/hosting-config.mjs deploy     (npm run deploy)
import fs from 'node:fs';
import path from 'node:path';
import { readStyleHashes, withStyleHashes } from './style-hashes.mjs';

// Each mode serves its own build folder, so a preview never swaps the site under a test run.
export const LOCAL_MODES = {
  emulator: { site: 'dist', ports: { auth: 9099, hosting: 4173, hub: 4400, logging: 4500 } },
  test: { site: 'dist-test', ports: { auth: 9199, hosting: 4174, hub: 4410, logging: 4510 } },
};

export function localHostingConfig(base, mode) {
  if (!Object.hasOwn(LOCAL_MODES, mode)) {
    throw new Error(`Unknown mode "${mode}": use ${Object.keys(LOCAL_MODES).join(' or ')}.`);
  }
  const { site, ports } = LOCAL_MODES[mode];
  const emulatorOrigin = `http://127.0.0.1:${ports.auth}`;
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
    config.emulators[name] = { ...config.emulators[name], port };
  }
  return config;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const mode = process.argv[2] ?? 'emulator';
  const base = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  const target = path.join(root, `firebase.${mode}.json`);
  const config = mode === 'deploy' ? base : localHostingConfig(base, mode);
  const hashes = readStyleHashes(path.join(root, config.hosting.public));
  fs.writeFileSync(target, `${JSON.stringify(withStyleHashes(config, hashes), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, target)}`);
}
