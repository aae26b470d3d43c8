import { ratings, type Rating } from '@jiffy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type RefObject } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { decide, type Decision, type Outcome, type QueueGif } from './moderation-api.ts';
import { TakeDownForm } from './TakeDownForm.tsx';

/** What a keyboard shortcut may ask of the focused item's GIF. */
export type GifCommands = Partial<Record<'a' | 't' | 'd' | 'r' | 's', () => void>>;

const done: Record<string, string> = {
  approve: 'Approved',
  dismiss: 'Dismissed',
  set_rating: 'Rating changed',
  set_sticker: 'Sticker changed',
  take_down: 'Taken down',
  restore: 'Restored',
};

/** A moderator's decisions on one GIF; `commands` hands them to the keyboard shortcuts. */
export function GifActions(props: {
  gif: QueueGif;
  isAdmin: boolean;
  searchReportId?: string;
  reason?: string;
  commands: RefObject<GifCommands>;
}) {
  const { gif } = props;
  const ratingId = useId();
  const ratingRef = useRef<HTMLSelectElement>(null);
  const [rating, setRating] = useState<Rating>(gif.moderation.rating);
  const [takingDown, setTakingDown] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const act = useMutation({
    mutationFn: (decision: Decision) => decide(gif.id, decision, props.searchReportId),
    onSuccess: (result) => {
      setOutcome(result);
      setTakingDown(false);
    },
  });
  const status = outcome?.status ?? gif.moderation.status;
  const sticker = outcome?.is_sticker ?? gif.moderation.is_sticker;
  const removed = status === 'removed';
  const run = (decision: Decision) => !act.isPending && act.mutate(decision);

  props.commands.current = removed
    ? {}
    : {
        a: () => run({ action: 'approve' }),
        d: () => run({ action: 'dismiss' }),
        t: () => setTakingDown(true),
        r: () => ratingRef.current?.focus(),
        s: () => run({ action: 'set_sticker', is_sticker: !sticker }),
      };

  return (
    <div className="gif-actions">
      {outcome ? (
        <p role="status">
          {done[outcome.action] ?? outcome.action}
          {outcome.emailed ? ' · uploader e-mailed' : ''} · now {outcome.status}, rated{' '}
          {outcome.rating}
          {outcome.is_sticker ? ', sticker' : ''}
        </p>
      ) : null}
      {act.error ? <ErrorMessage message={act.error.message} /> : null}
      {removed ? (
        props.isAdmin ? (
          <button type="button" onClick={() => run({ action: 'restore' })}>
            Restore
          </button>
        ) : null
      ) : takingDown ? (
        <TakeDownForm
          initialReason={props.reason}
          busy={act.isPending}
          onSubmit={(input) => run({ action: 'take_down', ...input })}
          onCancel={() => setTakingDown(false)}
        />
      ) : (
        <div className="action-row">
          <button type="button" className="primary" onClick={() => run({ action: 'approve' })}>
            Approve
          </button>
          <span className="rating-field">
            <label htmlFor={ratingId}>Rating</label>{' '}
            <select
              id={ratingId}
              ref={ratingRef}
              value={rating}
              onChange={(event) => setRating(event.target.value as Rating)}
            >
              {ratings.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => run({ action: 'set_rating', rating })}
            >
              Set rating
            </button>
          </span>
          <button
            type="button"
            className="secondary"
            onClick={() => run({ action: 'set_sticker', is_sticker: !sticker })}
          >
            {sticker ? 'Not a sticker' : 'Mark sticker'}
          </button>
          <button type="button" className="danger" onClick={() => setTakingDown(true)}>
            Take down
          </button>
          <button type="button" className="secondary" onClick={() => run({ action: 'dismiss' })}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
