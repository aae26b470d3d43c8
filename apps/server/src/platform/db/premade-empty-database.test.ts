import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { premadeEmptyDatabaseFile, readPremadeEmptyDatabase } from './premade-empty-database.ts';

describe('the premade empty database', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-premade-'));
  });
  afterEach(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('is named in its folder by a hash of what makes it, the same at build and at start', async () => {
    const file = await premadeEmptyDatabaseFile(folder);
    expect(path.dirname(file)).toBe(folder);
    expect(path.basename(file)).toMatch(/^empty-database-[0-9a-f]{16}\.tar\.gz$/);
    expect(await premadeEmptyDatabaseFile(folder)).toBe(file);
  });

  it('is absent when the install made none for this PGlite, so a first start runs initdb', async () => {
    await fs.writeFile(path.join(folder, 'empty-database-0000000000000000.tar.gz'), 'other');
    expect(await readPremadeEmptyDatabase(folder)).toBeUndefined();
    expect(await readPremadeEmptyDatabase(path.join(folder, 'missing'))).toBeUndefined();
  });

  it('is read whole when this PGlite made it', async () => {
    await fs.writeFile(await premadeEmptyDatabaseFile(folder), 'tarball bytes');
    const bytes = await readPremadeEmptyDatabase(folder);
    expect(Buffer.from(bytes!).toString()).toBe('tarball bytes');
  });
});
