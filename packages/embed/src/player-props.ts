import type { Gif } from '@jiffy/contracts';

/** What an embedder may ask for in the frame's query string. */
export interface EmbedOptions {
  autoplay: boolean;
  loop: boolean;
  muted: boolean;
  /** No header, footer or share menu: only the GIF. */
  hideChrome: boolean;
  /** No 'Watch' button for the youtube or vimeo video the GIF comes from. */
  hideVideo: boolean;
  /**
   * The embedder's own query parameters (utm_source and the like), carried on every link out
   * of the player; when there are any, the player also shows a pause/play button.
   */
  trackingQuery: string;
}

/** Everything the player renders from; serialized into the page for hydration. */
export interface EmbedPlayerProps {
  gif: Gif;
  site: { url: string; name: string };
  options: EmbedOptions;
  /** The instance's public key, for the related GIFs the player fetches (GIPHY's embed key). */
  apiKey: string;
}

/** The id of the element the player renders into, and of its serialized props. */
export const EMBED_ROOT_ID = 'jiffy-embed';
export const EMBED_PROPS_ID = 'jiffy-embed-props';
