import { hydrateRoot } from 'react-dom/client';
import './embed.css';
import { EmbedPlayer } from './EmbedPlayer.tsx';
import { EMBED_PROPS_ID, EMBED_ROOT_ID, type EmbedPlayerProps } from './player-props.ts';

// The server wrote the props beside the markup; hydrating with the same props changes nothing
// a visitor sees, it only wires up the controls.
const root = document.getElementById(EMBED_ROOT_ID);
const props = document.getElementById(EMBED_PROPS_ID)?.textContent;
if (root && props) hydrateRoot(root, <EmbedPlayer {...(JSON.parse(props) as EmbedPlayerProps)} />);
