import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The floor plan's rules, run on a small server tree written here: `npm run check` runs the same
// rules on the real one, so each rule must catch what it names (and pass a tree that keeps it).
const CLEAN: Record<string, string> = {
  'apps/server/src/platform/db/database.ts': 'export const db = 1;\n',
  'apps/server/src/modules/users/user.repository.ts':
    "import { db } from '../../platform/db/database.ts';\nexport const users = db;\n",
  'apps/server/src/modules/users/index.ts': "export { users } from './user.repository.ts';\n",
  'apps/server/src/modules/gifs/gif.service.ts':
    "import { users } from '../users/index.ts';\nexport const gifs = users;\n",
  'apps/server/src/modules/gifs/index.ts': "export { gifs } from './gif.service.ts';\n",
  'apps/server/src/app/services.ts':
    "import { gifs } from '../modules/gifs/index.ts';\nexport const services = gifs;\n",
  'apps/server/testing/test-jiffy.ts':
    "import { services } from '../src/app/services.ts';\nexport const jiffy = services;\n",
  'apps/server/src/modules/gifs/gif.service.test.ts':
    "import { jiffy } from '../../../testing/test-jiffy.ts';\nexport const seen = jiffy;\n",
};

const VIOLATIONS: [rule: string, files: Record<string, string>][] = [
  [
    'no-folder-cycles',
    {
      'apps/server/src/modules/users/user.repository.ts':
        "import { gifs } from '../gifs/index.ts';\nexport const users = gifs;\n",
    },
  ],
  [
    'faces-only',
    {
      'apps/server/src/modules/gifs/gif.service.ts':
        "import { users } from '../users/user.repository.ts';\nexport const gifs = users;\n",
    },
  ],
  [
    'platform-knows-no-feature',
    {
      'apps/server/src/platform/db/database.ts':
        "import type { gifs } from '../../modules/gifs/index.ts';\nexport const db: typeof gifs = 1;\n",
    },
  ],
  [
    'modules-below-app',
    {
      'apps/server/src/modules/users/user.repository.ts':
        "import type { services } from '../../app/services.ts';\nexport const users: typeof services = 1;\n",
    },
  ],
  [
    'no-test-code-in-production',
    {
      'apps/server/src/modules/gifs/gif.service.ts':
        "import { jiffy } from '../../../testing/test-jiffy.ts';\nexport const gifs = jiffy;\n",
    },
  ],
];

// The rules `npm run check` uses, read from its configuration rather than written out again.
const CONFIGURATION = new URL('../.dependency-cruiser.js', import.meta.url);
const { default: floorPlan } = (await import(CONFIGURATION.href)) as { default: IConfiguration };

let scratch: string;

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = await fs.mkdtemp(path.join(scratch, 'tree-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...files })) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  const { forbidden, options = {} } = floorPlan;
  const result = await cruise(['apps/server/src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: forbidden ?? [] },
    tsPreCompilationDeps: options.tsPreCompilationDeps ?? false,
    exclude: options.exclude ?? {},
    doNotFollow: options.doNotFollow ?? {},
  });
  const { summary } = result.output as ICruiseResult;
  return summary.violations.map((violation) => violation.rule.name);
}

describe('the floor plan check', () => {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'floor-plan-'));
  });
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('passes a tree whose imports point down through faces, tests reaching anywhere', async () => {
    expect(await violationsOf({})).toEqual([]);
  });

  it.each(VIOLATIONS)('fails a tree that breaks %s', async (rule, files) => {
    expect(await violationsOf(files)).toContain(rule);
  });
});
