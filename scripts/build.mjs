// `npm run build` (production: needs the VITE_FIREBASE_* variables, see .env.example), or
// `node scripts/build.mjs --mode emulator|test [--out-dir DIR]` for a build that signs in
// against the local Auth emulator. Writes the client build, then prerenders the public pages.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : fallback;
};
const mode = option('--mode', 'production');
const outDir = path.resolve(option('--out-dir', 'dist'));
const ssrDir = `${outDir}-ssr`;
const vite = (...args) => execFileSync('vite', args, { stdio: 'inherit' });

vite('build', '--mode', mode, '--outDir', outDir, '--emptyOutDir');
vite('build', '--mode', mode, '--ssr', 'src/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir');
execFileSync(process.execPath, ['scripts/prerender.mjs', outDir, ssrDir], { stdio: 'inherit' });
