import type { Gif } from '@jiffy/contracts';
import { KEEP } from './channel-edits.ts';

/**
 * One of a channel's GIFs, or none, as a group of radio buttons (arrow keys move between
 * them): each GIF's small picture and its title. `kept` is the current choice when it is not
 * among `gifs` (shown first, so saving leaves it as it is).
 */
export function GifChoice(props: {
  legend: string;
  /** The "nothing" option's words, e.g. "No banner". */
  none: string;
  gifs: Gif[];
  value: string;
  onChange: (value: string) => void;
  kept?: { label: string; src: string | undefined } | null;
}) {
  const { legend, gifs, value, onChange } = props;
  const name = legend.toLowerCase().replace(/\W+/g, '-');
  const option = (id: string, label: string, src: string | undefined) => (
    <label key={id || 'none'} className="gif-choice-option">
      <input
        type="radio"
        name={name}
        value={id}
        checked={value === id}
        onChange={() => onChange(id)}
      />
      {src ? <img src={src} alt="" width={60} /> : null}
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="gif-choice">
      <legend>{legend}</legend>
      {option('', props.none, undefined)}
      {props.kept ? option(KEEP, props.kept.label, props.kept.src) : null}
      {gifs.map((gif) =>
        option(gif.id, gif.title || gif.id, gif.images.fixed_width_small?.url ?? undefined),
      )}
    </fieldset>
  );
}
