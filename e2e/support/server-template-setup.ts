import { randomBytes } from 'node:crypto';
import {
  dropServerDatabases,
  ensureServerTemplate,
  SERVER_RUN_VARIABLE,
  SERVER_TEMPLATE_VARIABLE,
} from '../../apps/server/testing/server-database-template.ts';
import { templateKey } from './template-key.ts';

/**
 * Runs the migrations once on the PostgreSQL server: every test file that starts a Jiffy there
 * gets a database copied from this template (CREATE DATABASE … TEMPLATE) instead of migrating
 * a schema of its own. Its teardown drops the databases the run's files made.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL names the PostgreSQL server for the tests');
  const template = `jiffy_template_${await templateKey()}`;
  await ensureServerTemplate(url, template);
  const run = `jt_${randomBytes(4).toString('hex')}_`;
  process.env[SERVER_TEMPLATE_VARIABLE] = template;
  process.env[SERVER_RUN_VARIABLE] = run;
  return () => dropServerDatabases(url, run);
}
