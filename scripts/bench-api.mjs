// npm run bench:api — builds functions/src/bench/api-bench.ts like the function (npm deps from
// functions/node_modules) and runs it: availability and booking p50/p95 on PGlite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import './local-bin.ts';
import { LOCAL_HOST, TEST_POSTGRES_PORT } from './local-stack.ts';

execFileSync(
  'vite',
  [
    'build',
    '--config',
    'functions/vite.config.ts',
    '--ssr',
    'src/bench/api-bench.ts',
    '--outDir',
    '.bench',
  ],
  { stdio: 'inherit' },
);
execFileSync(process.execPath, ['functions/.bench/index.js'], {
  stdio: 'inherit',
  env: { ...process.env, LOCAL_HOST, TEST_POSTGRES_PORT: String(TEST_POSTGRES_PORT) },
});
