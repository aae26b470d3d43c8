import { z } from 'zod';
import { channelObjectSchema } from './channel.ts';
import { categorySchema, relatedTagSchema, tagSuggestionSchema } from './discovery.ts';
import { giphyEnvelopeSchema } from './envelope.ts';
import { gifSchema } from './gif.ts';

/**
 * What the public API's calls answer, in GIPHY's envelope: the response schemas of
 * `/openapi.json`, which the contract test holds real answers to. `fields` and `bundle` trim
 * GIF objects below these shapes; without them an answer is whole.
 */
export const gifListAnswer = giphyEnvelopeSchema(z.array(gifSchema), { paginated: true });
export const gifArrayAnswer = giphyEnvelopeSchema(z.array(gifSchema));
export const gifAnswer = giphyEnvelopeSchema(gifSchema);
/** `random` and `translate`: one GIF, or `{}` when none fits. */
export const maybeGifAnswer = giphyEnvelopeSchema(z.union([gifSchema, z.strictObject({})]));
export const associationsAnswer = giphyEnvelopeSchema(
  z.object({ tags: z.array(z.string()), channels: z.array(z.string()) }),
);
export const categoriesAnswer = giphyEnvelopeSchema(z.array(categorySchema), { paginated: true });
export const tagSuggestionsAnswer = giphyEnvelopeSchema(z.array(tagSuggestionSchema), {
  paginated: true,
});
export const relatedTagsAnswer = giphyEnvelopeSchema(z.array(relatedTagSchema), {
  paginated: true,
});
export const trendingSearchesAnswer = giphyEnvelopeSchema(z.array(z.string()));
export const channelsAnswer = giphyEnvelopeSchema(z.array(channelObjectSchema), {
  paginated: true,
});
export const randomIdAnswer = giphyEnvelopeSchema(z.object({ random_id: z.string() }));
export const pingbackAnswer = giphyEnvelopeSchema(
  z.object({ received: z.number().int(), stored: z.number().int(), dropped: z.number().int() }),
);
export const uploadAnswer = giphyEnvelopeSchema(z.object({ id: z.string() }));
export const ctaAnswer = giphyEnvelopeSchema(
  z.object({ id: z.string(), cta: z.object({ link: z.string(), text: z.string() }).nullable() }),
);
