// The project's own tools (vite, firebase, playwright, and Node 22 from the `node` dev dependency)
// first on PATH, for this process and every child it starts: an npm script does this itself, but
// the benchmarks and the build are also run as `node scripts/…` (docs/performance.md), where a bare
// `vite` was not found ("spawnSync vite ENOENT").
import path from 'node:path';

// import.meta.dirname, not a file: URL: under the unit tests' jsdom, import.meta.url is not one.
const LOCAL_BIN = path.join(import.meta.dirname, '..', 'node_modules', '.bin');

const others = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((entry) => entry !== LOCAL_BIN);
process.env.PATH = [LOCAL_BIN, ...others].join(path.delimiter);
