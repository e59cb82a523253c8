// `npm run build` (production: needs the VITE_FIREBASE_* variables, see .env.example) or
// `node scripts/build.mjs --mode emulator` (signs in against the local Auth emulator).
import { execFileSync } from 'node:child_process';

const modeIndex = process.argv.indexOf('--mode');
const mode = modeIndex > -1 ? process.argv[modeIndex + 1] : 'production';
const run = (...args) => execFileSync('vite', args, { stdio: 'inherit', shell: false });

run('build', '--mode', mode);
run('build', '--mode', mode, '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr');
execFileSync(process.execPath, ['scripts/prerender.mjs'], { stdio: 'inherit' });
