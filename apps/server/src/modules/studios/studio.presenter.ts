import type { PresenterUrls } from '../gifs/index.ts';
import { presentProfile } from '../profiles/index.ts';
import type { Studios } from './studio.service.ts';

/** `/studios`' answer: each channel object and creator profile with the id of its feature. */
export function presentStudios(studios: Studios, urls: PresenterUrls) {
  return {
    channels: studios.channels.map(({ featureId, channel }) => ({
      feature_id: featureId,
      channel,
    })),
    creators: studios.creators.map(({ featureId, user }) => ({
      feature_id: featureId,
      creator: presentProfile(user, urls, false),
    })),
  };
}
