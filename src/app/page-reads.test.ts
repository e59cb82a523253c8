import { pageModuleFiles } from './page-modules';
import { pagesWithFirstReads } from './page-reads';

// Every module of first reads, and the page modules the boot script starts them for.
const firstReadModules = Object.keys(
  import.meta.glob(['../features/**/*first-reads.ts', '!../features/**/*.test.ts']),
);
const pageReadsSource = Object.values(
  import.meta.glob<string>('./page-reads.ts', { query: '?raw', import: 'default', eager: true }),
)[0]!;

it('start for page modules that exist', () => {
  for (const module of pagesWithFirstReads)
    expect(pageModuleFiles, module).toContain(`./routes/${module}.tsx`);
});

it('start every module of first reads for some page: else its reads wait for React', () => {
  expect(firstReadModules.length).toBeGreaterThan(0);
  for (const file of firstReadModules)
    expect(pageReadsSource, file).toContain(`import('${file.replace(/\.ts$/, '')}')`);
});
