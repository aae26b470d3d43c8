import { describe, expect, it } from 'vitest';
import { keyOfObjectName, objectNameOf, objectPrefixesOf } from './s3-object-names.ts';

describe('the bucket layout', () => {
  it('puts public files where /media serves them, everything else under private/', () => {
    const cases = {
      'gifs/AbC123/original.gif': 'AbC123/original.gif',
      'gifs/AbC123/fixed_width_small.webp': 'AbC123/fixed_width_small.webp',
      'gifs/AbC123/nano.webm': 'AbC123/nano.webm',
      'gifs/AbC123/source': 'private/gifs/AbC123/source',
      'quarantine/gifs/AbC123/original.gif': 'private/quarantine/gifs/AbC123/original.gif',
      'avatars/u1/0123456789abcdef/original.gif': 'avatars/u1/0123456789abcdef.gif',
      'avatars/u1/0123456789abcdef/80h.gif': 'avatars/u1/0123456789abcdef/80h.gif',
      'avatars/default3/original.gif': 'avatars/default3.gif',
      'avatar-sources/u1/0123456789abcdef': 'private/avatar-sources/u1/0123456789abcdef',
      // Would collide with a public name, or is no public file: kept private.
      'gifs/avatars/original.gif': 'private/gifs/avatars/original.gif',
      'gifs/private/original.gif': 'private/gifs/private/original.gif',
      'avatars/u1/k/80h/original.gif': 'private/avatars/u1/k/80h/original.gif',
      'avatars/u1/k/notes.txt': 'private/avatars/u1/k/notes.txt',
      'gifs/AbC123/deep/original.gif': 'private/gifs/AbC123/deep/original.gif',
    };
    for (const [key, name] of Object.entries(cases)) {
      expect(objectNameOf(key), key).toBe(name);
      expect(keyOfObjectName(name), name).toBe(key);
    }
  });

  it('owns no object it would not have written', () => {
    for (const name of [
      'private/gifs/AbC123/original.gif',
      'avatars/README',
      'avatars/u1/k/notes.txt',
      'x/y/z.gif',
    ])
      expect(keyOfObjectName(name), name).toBeNull();
  });

  it('lists a folder from its private and its public place', () => {
    expect(objectPrefixesOf('gifs')).toEqual(['private/gifs/', '']);
    expect(objectPrefixesOf('gifs/AbC123')).toEqual(['private/gifs/AbC123/', 'AbC123/']);
    expect(objectPrefixesOf('avatars/u1/k')).toEqual(['private/avatars/u1/k/', 'avatars/u1/k']);
    expect(objectPrefixesOf('quarantine/gifs/AbC123')).toEqual(['private/quarantine/gifs/AbC123/']);
  });
});
