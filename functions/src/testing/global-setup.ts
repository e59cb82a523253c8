import type { TestProject } from 'vitest/node';
import { localEnv } from './local-env';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One real PostgreSQL server for the whole run, stopped after it. */
export default function setup(project: TestProject) {
  const server = startPostgres(localEnv.postgresPort());
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
