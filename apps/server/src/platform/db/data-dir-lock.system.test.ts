import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('embedded database folder lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-lock-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('refuses a second process while the first one runs', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await fs.writeFile(path.join(dir, 'jiffy.pid'), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(/in use by process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it', async () => {
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await fs.writeFile(path.join(dir, 'jiffy.pid'), String(gone.pid));
    const release = await lockDataDir(dir);
    expect(await fs.readFile(path.join(dir, 'jiffy.pid'), 'utf8')).toBe(String(process.pid));
    await release();
    await expect(fs.stat(path.join(dir, 'jiffy.pid'))).rejects.toThrow();
  });
});
