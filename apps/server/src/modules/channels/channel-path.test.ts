import { channelPathParts } from '@jiffy/contracts/channel-path';
import { describe, expect, it } from 'vitest';
import { channelBySlugQuery } from './channel-input.schema.ts';

// The site decides from the path alone that nothing can be at an address (and shows its 404
// without asking); it must agree with the channels API, which refuses such a path with a 400.
describe('channelPathParts', () => {
  const paths = [
    'ada',
    'Ada_99',
    'ada/cats',
    'ada/Cats/big-ones',
    'ada/ cats ',
    `ada/${'a'.repeat(60)}`,
    `ada/${'a'.repeat(61)}`,
    `ada/${Array.from({ length: 8 }, (_, i) => `s${i}`).join('/')}`,
    `ada/${Array.from({ length: 9 }, (_, i) => `s${i}`).join('/')}`,
    'no-such-page',
    'nobody.html',
    'ada/cats--dogs',
    'ada/-cats',
    'ada/cats_dogs',
    'ada/café',
    `${'a'.repeat(31)}`,
    'wp-login.php',
    '%E2%98%83',
  ];

  it('reads a path as GET /api/v4/channels/?slug= does, and refuses what it refuses', () => {
    for (const path of paths) {
      const api = channelBySlugQuery.safeParse({ slug: path });
      expect(channelPathParts(path.split('/')), path).toEqual(api.data?.slug);
    }
    // Both ways occur in the list.
    expect(paths.filter((path) => channelPathParts(path.split('/')))).toHaveLength(7);
    expect(channelPathParts(['ada', 'Cats', ' big-ones '])).toEqual(['ada', 'cats', 'big-ones']);
  });

  it('names nothing with no username', () => {
    expect(channelPathParts([])).toBeUndefined();
    expect(channelPathParts([''])).toBeUndefined();
  });
});
