import type { ChannelObject } from '@jiffy/contracts';
import { authorize, type Actor } from '../accounts/index.ts';
import type { ChannelReader } from '../channels/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { UserRepository } from '../users/index.ts';
import type { StudioRepository } from './studio.repository.ts';

/** What /studios shows: featured channels and creators, each with its feature's id. */
export interface Studios {
  channels: { featureId: number; channel: ChannelObject }[];
  creators: { featureId: number; user: UserRow }[];
}

/** The most /studios features: a page people look through, not a directory. */
export const MAX_FEATURES = 200;

/**
 * The instance's studios: editorial channels and creators that staff feature. Everyone sees
 * the same page, as a visitor would: a channel that is hidden (or under a hidden one) and a
 * creator whose profile is private drop out of it without being unfeatured.
 */
export class StudioService {
  readonly #features: StudioRepository;
  readonly #reader: ChannelReader;
  readonly #users: UserRepository;

  constructor(deps: { features: StudioRepository; reader: ChannelReader; users: UserRepository }) {
    this.#features = deps.features;
    this.#reader = deps.reader;
    this.#users = deps.users;
  }

  async list(): Promise<Studios> {
    const features = await this.#features.list();
    const channelIds = features.flatMap((f) => (f.channel_id === null ? [] : [f.channel_id]));
    const userIds = features.flatMap((f) => (f.user_id === null ? [] : [f.user_id]));
    const [found, users] = await Promise.all([
      this.#reader.findMany(null, channelIds),
      this.#users.findByIds(userIds),
    ]);
    const channels = await this.#reader.present(null, found);
    const channelById = new Map(channels.map((c) => [c.id, c]));
    const userById = new Map(users.filter((u) => u.is_public).map((u) => [u.id, u]));
    return {
      channels: features.flatMap((f) => {
        const channel = f.channel_id === null ? undefined : channelById.get(f.channel_id);
        return channel ? [{ featureId: f.id, channel }] : [];
      }),
      creators: features.flatMap((f) => {
        const user = f.user_id === null ? undefined : userById.get(f.user_id);
        return user ? [{ featureId: f.id, user }] : [];
      }),
    };
  }

  /** Features a channel anyone may see, or a creator with a public profile (staff only). */
  async feature(
    actor: Actor | null,
    what: { channel: number } | { username: string },
  ): Promise<{ id: number }> {
    authorize(actor, 'studios.curate');
    let target: { channelId: number } | { userId: string };
    if ('channel' in what) {
      // As a visitor finds it: a hidden channel is not for a public page (404 as unknown).
      const found = await this.#reader.find(null, what.channel);
      target = { channelId: found.channel.id };
    } else {
      const user = await this.#users.findByUsername(what.username);
      if (!user?.is_public) throw new AppError('not_found', 'No creator with that username.');
      target = { userId: user.id };
    }
    if ((await this.#features.count()) >= MAX_FEATURES)
      throw new AppError(
        'studios_full',
        `Studios shows at most ${MAX_FEATURES}; remove one first.`,
      );
    const added = await this.#features.add(target, actor.id);
    if (!added) throw new AppError('already_featured', 'That is already on Studios.');
    return { id: added.id };
  }

  async unfeature(actor: Actor | null, id: number): Promise<void> {
    authorize(actor, 'studios.curate');
    if (!(await this.#features.remove(id)))
      throw new AppError('not_found', 'Nothing featured with that id.');
  }
}
