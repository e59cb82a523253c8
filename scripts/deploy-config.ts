// Writes firebase.deploy.json, the config `npm run deploy` deploys with: firebase.json (the
// hand-edited source) whose Content-Security-Policy also allows the build's inline critical CSS and
// boot loader.
import fs from 'node:fs';
import path from 'node:path';
import { readInlineHashes, withInlineHashes } from './csp-hashes.ts';

const root = path.resolve(import.meta.dirname, '..');
const base = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8')) as {
  hosting: { public: string; headers: { headers: { key: string; value: string }[] }[] };
};
const config = withInlineHashes(base, readInlineHashes(path.join(root, base.hosting.public)));
fs.writeFileSync(path.join(root, 'firebase.deploy.json'), `${JSON.stringify(config, null, 2)}\n`);
console.log('wrote firebase.deploy.json');
