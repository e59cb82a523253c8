// Writes firebase.<mode>.json: firebase.json with the ports of that local mode and the Auth
// emulator's origin allowed by the Content-Security-Policy. Production uses firebase.json as is.
//   node scripts/hosting-config.mjs emulator   (npm run preview)
//   node scripts/hosting-config.mjs test       (the browser tests)
import fs from 'node:fs';
import path from 'node:path';

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
  fs.writeFileSync(target, `${JSON.stringify(localHostingConfig(base, mode), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, target)}`);
}
