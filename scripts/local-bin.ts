// The project's own tools (vite, firebase, playwright, and Node 22 from the `node` dev dependency)
// first on PATH, for this process and every child it starts: an npm script does this itself, but
// the benchmarks and the build are also run as `node scripts/…` (docs/performance.md), where a bare
// `vite` was not found ("spawnSync vite ENOENT").
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Under a test runner the module's URL may not be a file's: the scripts run from the project root.
const scripts = import.meta.url.startsWith('file:')
  ? path.dirname(fileURLToPath(import.meta.url))
  : path.resolve('scripts');
const LOCAL_BIN = path.join(scripts, '..', 'node_modules', '.bin');

const others = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((entry) => entry !== LOCAL_BIN);
process.env.PATH = [LOCAL_BIN, ...others].join(path.delimiter);
