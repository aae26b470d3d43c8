import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  TEMPLATE_VARIABLE,
  writeEmbeddedTemplate,
} from '../../apps/server/testing/embedded-database-template.ts';
import { templateKey } from './template-key.ts';

/**
 * Runs the migrations once: every test file that starts a Jiffy on the embedded engine opens a
 * copy of this database instead of making and migrating its own. The projects that need it
 * each name this setup; the first makes the file and the others (and later runs with the same
 * migrations) find it. Workers start after global setup, so they inherit the variable.
 */
export default async function setup(): Promise<void> {
  const file = path.join(os.tmpdir(), `jiffy-test-template-${await templateKey()}.tar`);
  const made = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (!made) {
    const partial = `${file}.${process.pid}`;
    await writeEmbeddedTemplate(partial);
    await fs.rename(partial, file);
  }
  process.env[TEMPLATE_VARIABLE] = file;
}
