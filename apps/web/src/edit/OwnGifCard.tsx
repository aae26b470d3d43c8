import { gifAltText } from '@jiffy/contracts/alt-text';
import { Link } from 'react-router';
import { languageName, useInstanceLanguages } from './instance-languages.ts';
import type { OwnGif } from './own-gifs.ts';

/** One of the owner's GIFs in the editing grid: a checkbox to select it, its picture and fields. */
export function OwnGifCard(props: { gif: OwnGif; selected: boolean; onToggle: () => void }) {
  const { gif } = props;
  const name = gif.title || 'Untitled GIF';
  const languages = useInstanceLanguages();
  return (
    <li className={props.selected ? 'own-gif selected' : 'own-gif'}>
      <label className="own-gif-pick">
        <input type="checkbox" checked={props.selected} onChange={props.onToggle} />
        <span className="visually-hidden">Select {name}</span>
      </label>
      {gif.preview_url ? (
        <img src={gif.preview_url} alt={gifAltText(gif)} loading="lazy" />
      ) : (
        <div className="own-gif-empty">{gif.status}</div>
      )}
      <p className="own-gif-title">
        <Link to={`/edit/gifs/${gif.id}`}>{name}</Link>
      </p>
      <p className="muted own-gif-facts">
        {gif.rating.toUpperCase()} · {gif.is_sticker ? 'sticker' : 'GIF'} ·{' '}
        {languageName(languages.data, gif.lang)}
        {gif.visibility === 'unlisted' ? ' · unlisted' : ''}
        {gif.alt_text.trim() ? '' : ' · no alt text'}
        {gif.status === 'ready' ? '' : ` · ${gif.status}`}
      </p>
      <ul className="tags own-gif-tags" aria-label={`Tags of ${name}`}>
        {gif.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
    </li>
  );
}
