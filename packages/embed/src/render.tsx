import { renderToString } from 'react-dom/server';
import { EmbedPlayer } from './EmbedPlayer.tsx';
import type { EmbedPlayerProps } from './player-props.ts';

export type { EmbedOptions, EmbedPlayerProps } from './player-props.ts';
export { EMBED_PROPS_ID, EMBED_ROOT_ID } from './player-props.ts';
export { embedCode } from './embed-code.ts';

/** The player's HTML for the server to put in the page; the browser hydrates the same props. */
export function renderPlayer(props: EmbedPlayerProps): string {
  return renderToString(<EmbedPlayer {...props} />);
}
