import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

// The published type declarations: one file per entry, with the types of Jiffy's own packages
// (contracts, the API client) folded in so the package stands alone; React's and zod's (the
// contracts' schema types) stay imports of those packages.
await build({
  input: {
    index: 'src/index.ts',
    masonry: 'src/masonry.ts',
    colors: 'src/colors.ts',
    'best-rendition': 'src/best-rendition.ts',
  },
  plugins: [
    dts({
      tsconfig: 'tsconfig.build.json',
      emitDtsOnly: true,
      eager: true,
    }),
  ],
  external: [/^react($|\/)/, /^react-dom($|\/)/, /^zod($|\/)/],
  output: { dir: 'dist/types' },
  logLevel: 'warn',
  checks: { pluginTimings: false },
});
