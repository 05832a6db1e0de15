import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate, type DatabaseTemplates } from './helpers/db-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Builds the run's seeded template database once per integration project (see helpers/db-template.ts). */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres integration project');
    const template = await buildPostgresTemplate(base);
    project.provide('databaseTemplates', { postgres: template.name });
    return () => template.remove();
  }
  const template = await buildPgliteTemplate();
  project.provide('databaseTemplates', { pglite: template.file });
  return () => template.remove();
}
