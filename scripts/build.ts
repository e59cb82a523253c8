// `npm run build` (production: needs the VITE_FIREBASE_* variables, see .env.example), or
// `node scripts/build.ts --mode preview|e2e [--out-dir DIR]` for a build that signs in against
// that local stack's Auth emulator, written to the folder its Hosting emulator serves.
// Writes the client build, then prerenders the public pages.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import './local-bin.ts';
import { localStackOfMode } from './local-env.ts';
import { LOCAL_STACKS, type LocalStack } from './local-stack.ts';

const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const mode = option('--mode') ?? 'production';
const stack = localStackOfMode(mode);
const stackConfig: LocalStack | undefined = stack && LOCAL_STACKS[stack];
const outDir = path.resolve(option('--out-dir') ?? stackConfig?.site ?? 'dist');
const ssrDir = `${outDir}-ssr`;
const vite = (...args: string[]) => execFileSync('vite', args, { stdio: 'inherit' });

vite('build', '--mode', mode, '--outDir', outDir, '--emptyOutDir');
vite('build', '--mode', mode, '--ssr', 'src/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir');
execFileSync(process.execPath, ['scripts/prerender.ts', outDir, ssrDir], { stdio: 'inherit' });
