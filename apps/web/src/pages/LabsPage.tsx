import {
  EXPERIMENTS,
  setExperiment,
  useExperiment,
  type ExperimentId,
} from '../labs/experiments.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/labs`: what is experimental on this instance, each with its switch (kept in this browser). */
export default function LabsPage() {
  usePageTitle('Labs');
  return (
    <section className="labs-page">
      <h1>Labs</h1>
      <p>
        Experiments that may become features. Each switch is this browser’s own: turning one on
        changes nothing for anyone else.
      </p>
      <ul className="labs-list" aria-label="Experiments">
        {EXPERIMENTS.map((experiment) => (
          <Experiment key={experiment.id} {...experiment} />
        ))}
      </ul>
    </section>
  );
}

function Experiment(props: { id: ExperimentId; title: string; description: string }) {
  const on = useExperiment(props.id);
  return (
    <li>
      <label className="check-field">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => setExperiment(props.id, event.target.checked)}
          aria-describedby={`lab-${props.id}`}
        />
        <strong>{props.title}</strong>
      </label>
      <p id={`lab-${props.id}`}>{props.description}</p>
    </li>
  );
}
