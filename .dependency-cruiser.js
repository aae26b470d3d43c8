// The server's floor plan, checked by `npm run check` (depcruise): imports point down
// (app -> modules -> platform), other modules are reached through their faces (index.ts), no
// two folders need each other, and production code never loads test code.
const SRC = '^apps/server/src/';
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that need each other are one knot: move the shared piece down.',
      severity: 'error',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-feature',
      comment: 'platform/ provides to every module and knows none of them, nor the app.',
      severity: 'error',
      from: { path: `${SRC}platform/`, pathNot: TESTS },
      to: { path: `${SRC}(modules|app)/` },
    },
    {
      name: 'modules-below-app',
      comment: 'app/ composes the modules; a module never reaches up into it.',
      severity: 'error',
      from: { path: `${SRC}modules/`, pathNot: TESTS },
      to: { path: `${SRC}app/` },
    },
    {
      name: 'faces-only',
      comment: 'Another module is used through its face (index.ts), never a file of its own.',
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SRC}modules/[^/]+/`,
        pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'app-uses-faces',
      comment: 'The composition root uses modules through their faces too.',
      severity: 'error',
      from: { path: `${SRC}app/`, pathNot: TESTS },
      to: { path: `${SRC}modules/[^/]+/`, pathNot: `${SRC}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'no-test-code-in-production',
      comment:
        'Test helpers live in apps/server/testing and e2e/; production code never loads them.',
      severity: 'error',
      from: { path: SRC, pathNot: TESTS },
      to: { path: [TESTS, '^apps/server/testing/', '^e2e/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach anywhere (they test internals and start whole servers); only production
    // files are walked, so a test helper shows up only when production code imports it.
    exclude: { path: ['node_modules', '/dist/', TESTS] },
    // Type-only imports count: a folder that names another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
