import type { ActorSettingsRepository } from './actor-settings.repository.ts';
import { formatActorId, parseActorId, type LocalActorId } from './local-actor-id.ts';
import type { LocalActorRepository } from './local-actor.repository.ts';

/** A creator or a public sub-channel as an ActivityPub actor shows it. */
export interface LocalActor {
  identifier: string;
  id: LocalActorId;
  /** WebFinger's name: the username, or the username and the channel's slugs joined by dots. */
  handle: string;
  name: string;
  summary: string;
  /** The page that shows it on the site. */
  pageUrl: string;
  /** The user who owns it (the creator, or the channel's owner). */
  ownerId: string;
  manuallyApproves: boolean;
}

/**
 * Which of Jiffy's creators and channels are actors, and how they are named. A creator is a
 * user with a public profile; a channel is a sub-channel anyone can see (a root channel is its
 * owner's own page, whose actor is the creator). Hidden ones are not found, like unknown ones.
 */
export class LocalActorService {
  readonly #actors: LocalActorRepository;
  readonly #settings: ActorSettingsRepository;
  readonly #publicUrl: string;

  constructor(deps: {
    actors: LocalActorRepository;
    settings: ActorSettingsRepository;
    publicUrl: string;
  }) {
    this.#actors = deps.actors;
    this.#settings = deps.settings;
    this.#publicUrl = deps.publicUrl;
  }

  async find(identifier: string): Promise<LocalActor | null> {
    const id = parseActorId(identifier);
    if (!id) return null;
    const manuallyApproves = () => this.#settings.manuallyApproves(identifier);
    if (id.kind === 'user') {
      const user = await this.#actors.publicUser(id.userId);
      if (!user) return null;
      return {
        identifier,
        id,
        handle: user.username,
        name: user.display_name || user.username,
        summary: user.description,
        pageUrl: `${this.#publicUrl}/${encodeURIComponent(user.username)}`,
        ownerId: user.id,
        manuallyApproves: await manuallyApproves(),
      };
    }
    const channel = await this.#actors.publicChannel(id.channelId);
    if (!channel) return null;
    const path = [channel.username, ...channel.slugs];
    return {
      identifier,
      id,
      handle: path.join('.'),
      name: channel.title || channel.slugs.at(-1)!,
      summary: channel.description,
      pageUrl: `${this.#publicUrl}/${path.map(encodeURIComponent).join('/')}`,
      ownerId: channel.user_id,
      manuallyApproves: await manuallyApproves(),
    };
  }

  /** The identifier a WebFinger name (`alice`, `alice.cats.kittens`) stands for, if any. */
  async identifierOf(handle: string): Promise<string | null> {
    const [username, ...slugs] = handle.split('.');
    if (!username) return null;
    if (slugs.length === 0) {
      const user = await this.#actors.publicUserByName(username);
      return user ? formatActorId({ kind: 'user', userId: user.id }) : null;
    }
    const channelId = await this.#actors.channelIdByPath(username, slugs);
    if (channelId === undefined) return null;
    const identifier = formatActorId({ kind: 'channel', channelId });
    return (await this.find(identifier)) ? identifier : null;
  }
}
