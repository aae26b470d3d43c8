import { useId, type ReactNode } from 'react';
import {
  CAPTION_FONTS,
  type Caption,
  type CaptionAnimation,
  type CaptionPosition,
  type CaptionSize,
} from './scene.ts';

const SIZES: [CaptionSize, string][] = [
  ['small', 'Small'],
  ['medium', 'Medium'],
  ['large', 'Large'],
];
const POSITIONS: [CaptionPosition, string][] = [
  ['top', 'Top'],
  ['middle', 'Middle'],
  ['bottom', 'Bottom'],
];
const ANIMATIONS: [CaptionAnimation, string][] = [
  ['none', 'None'],
  ['fade', 'Fade in'],
  ['slide', 'Slide up'],
  ['pop', 'Pop'],
  ['type', 'Typewriter'],
];
const OUTLINES: [string, string][] = [
  ['0', 'None'],
  ['1', 'Thin'],
  ['2', 'Thick'],
];

/** Caption text and its look: font, size, colour, outline, position and entrance. */
export function CaptionForm(props: { caption: Caption; onChange: (caption: Caption) => void }) {
  const id = useId();
  const { caption } = props;
  const set = <K extends keyof Caption>(name: K, value: Caption[K]) =>
    props.onChange({ ...caption, [name]: value });
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
    </div>
  );
  const select = <V extends string>(
    name: keyof Caption,
    label: string,
    options: [V, string][],
    value: string,
    onPick: (value: V) => void,
  ) =>
    field(
      name,
      label,
      <select
        id={`${id}-${name}`}
        value={value}
        onChange={(event) => onPick(event.target.value as V)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>,
    );

  return (
    <section className="maker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>3. Caption</h2>
      {field(
        'text',
        'Caption',
        <textarea
          id={`${id}-text`}
          rows={2}
          maxLength={140}
          value={caption.text}
          onChange={(event) => set('text', event.target.value)}
        />,
      )}
      <div className="maker-row">
        {select(
          'font',
          'Font',
          CAPTION_FONTS.map((font) => [font.value, font.label]),
          caption.font,
          (v) => set('font', v),
        )}
        {select('size', 'Size', SIZES, caption.size, (v) => set('size', v))}
        {field(
          'color',
          'Colour',
          <input
            id={`${id}-color`}
            type="color"
            value={caption.color}
            onChange={(event) => set('color', event.target.value)}
          />,
        )}
      </div>
      <div className="maker-row">
        {select('outlineWidth', 'Outline', OUTLINES, String(caption.outlineWidth), (v) =>
          set('outlineWidth', Number(v) as Caption['outlineWidth']),
        )}
        {field(
          'outlineColor',
          'Outline colour',
          <input
            id={`${id}-outlineColor`}
            type="color"
            value={caption.outlineColor}
            onChange={(event) => set('outlineColor', event.target.value)}
          />,
        )}
      </div>
      <div className="maker-row">
        {select('position', 'Position', POSITIONS, caption.position, (v) => set('position', v))}
        {select('animation', 'Entrance', ANIMATIONS, caption.animation, (v) => set('animation', v))}
      </div>
    </section>
  );
}
