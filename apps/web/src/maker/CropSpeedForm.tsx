import { useId } from 'react';
import { SPEEDS, type Crop, type CropAspect, type Timing } from './scene.ts';

const ASPECTS: [CropAspect, string][] = [
  ['original', 'As filmed'],
  ['1:1', 'Square (1:1)'],
  ['4:3', '4:3'],
  ['16:9', 'Wide (16:9)'],
  ['9:16', 'Tall (9:16)'],
];

/** The picture's shape (a window moved along the cut side) and the playback speed. */
export function CropSpeedForm(props: {
  crop: Crop;
  speed: number;
  onCrop: (crop: Crop) => void;
  onTiming: (patch: Pick<Timing, 'speed'>) => void;
}) {
  const id = useId();
  const { crop } = props;
  return (
    <section className="maker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>4. Crop and speed</h2>
      <div className="maker-row">
        <div className="form-field">
          <label htmlFor={`${id}-aspect`}>Crop</label>
          <select
            id={`${id}-aspect`}
            value={crop.aspect}
            onChange={(event) =>
              props.onCrop({ ...crop, aspect: event.target.value as CropAspect })
            }
          >
            {ASPECTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-offset`}>Crop position</label>
          <input
            id={`${id}-offset`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={crop.offset}
            disabled={crop.aspect === 'original'}
            aria-valuetext={`${Math.round(crop.offset * 100)}%`}
            onChange={(event) => props.onCrop({ ...crop, offset: Number(event.target.value) })}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-speed`}>Speed</label>
          <select
            id={`${id}-speed`}
            value={props.speed}
            onChange={(event) => props.onTiming({ speed: Number(event.target.value) })}
          >
            {SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
