import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';
import { searchTermParam } from '../public-api/index.ts';
import { tenorFormats, type TenorFormat } from './tenor-formats.ts';

/** `limit` as Tenor takes it: 1 to 50 (Tenor's maximum), `fallback` when absent. */
const limit = (fallback: number) => wholeNumber(1, 50).default(fallback);

/** A comma-separated list parameter, split, trimmed and without empty items. */
const commaList = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const formatNames: ReadonlySet<string> = new Set(tenorFormats);

/** `media_filter`: the formats to answer, comma-separated (Tenor's names only). */
const mediaFilter = commaList(500)
  .refine((items) => items.every((f) => formatNames.has(f)), {
    error: `a comma-separated list of ${tenorFormats.join(', ')}`,
  })
  .transform((items) => [...new Set(items)] as TenorFormat[]);

/**
 * `searchfilter`: Tenor answers GIFs unless it names `sticker`; `static` keeps only still
 * pictures and `-static` only animated ones.
 */
const searchFilter = commaList(100)
  .refine((items) => items.every((f) => ['sticker', 'static', '-static'].includes(f)), {
    error: 'a comma-separated list of sticker, static, -static',
  })
  .refine((items) => !(items.includes('static') && items.includes('-static')), {
    error: 'static and -static exclude each other',
  })
  .transform((items) => ({
    sticker: items.includes('sticker'),
    still: items.includes('static')
      ? ('only' as const)
      : items.includes('-static')
        ? ('never' as const)
        : ('any' as const),
  }));

/** Parameters every Tenor endpoint takes: the Jiffy API key, the client's name, where it is. */
export const tenorBaseQuery = z.looseObject({
  key: z.string().max(256).optional(),
  client_key: z.string().max(64).optional(),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,4})?$/, 'a locale such as en_US')
    .default('en_US'),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
    .optional(),
});

/** The language a `locale` names, for search stemming ("pt_BR" → "pt"). */
export const languageOf = (locale: string): string =>
  locale.slice(0, locale.search(/[_-]|$/)).toLowerCase();

/**
 * Tenor's `q`, held to GIPHY's dialect's limit (50 characters, 414 `query_too_long` past it):
 * both dialects search the same GIFs and count the same trending searches, so a term one
 * refuses the other does too. Tenor's own API requires it on search, autocomplete and
 * suggestions.
 */
const term = searchTermParam('The search term.');

/** What `search` and `featured` take. */
export const tenorListQuery = tenorBaseQuery.extend({
  limit: limit(20),
  // Pickers keep the last `next` and send it back as it is: "" (no page yet) and Tenor v1's
  // "0" both mean the first page; neither is ever a cursor of Jiffy's.
  pos: z
    .string()
    .max(1024)
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : v)),
  contentfilter: z.enum(['off', 'low', 'medium', 'high']).default('off'),
  media_filter: mediaFilter.optional(),
  ar_range: z.enum(['all', 'wide', 'standard']).default('all'),
  searchfilter: searchFilter.default({ sticker: false, still: 'any' }),
  random: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const tenorSearchQuery = tenorListQuery.extend({ q: term });

/** `autocomplete` and `search_suggestions`. */
export const tenorTermsQuery = (fallbackLimit: number) =>
  tenorBaseQuery.extend({ q: term, limit: limit(fallbackLimit) });

/** `trending_terms`, which takes no term. */
export const tenorTrendingTermsQuery = tenorBaseQuery.extend({ limit: limit(20) });

export const tenorCategoriesQuery = tenorBaseQuery.extend({
  type: z.enum(['featured', 'trending']).default('featured'),
  contentfilter: z.enum(['off', 'low', 'medium', 'high']).default('off'),
});

// The term the share came from, when there was one.
export const tenorShareQuery = tenorBaseQuery.extend({ id: gifId, q: term.optional() });

export const tenorPostsQuery = tenorBaseQuery.extend({
  ids: commaList(50 * 65)
    .refine((ids) => ids.length >= 1 && ids.length <= 50, 'from 1 to 50 ids')
    .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), 'not a list of GIF ids'),
  media_filter: mediaFilter.optional(),
});
