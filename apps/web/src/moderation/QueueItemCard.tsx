import { useMutation } from '@tanstack/react-query';
import { useRef, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { GifActions, type GifCommands } from './GifActions.tsx';
import { GifFacts } from './GifFacts.tsx';
import { dismissSearchReport, type QueueGif, type QueueItem } from './moderation-api.ts';
import { QueueMedia } from './QueueMedia.tsx';

const kindLabel = {
  gif_report: 'GIF report',
  search_report: 'Search report',
  flag: 'Flag',
  pending_upload: 'Pending upload',
  automatic: 'Automatic flag',
};

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** Why the item is here: the report's reason and note, the flag's suggestion. */
function ItemDetail({ item }: { item: QueueItem }) {
  if (item.kind === 'search_report')
    return (
      <p>
        Search for <strong>“{item.search_term}”</strong> reported:{' '}
        {(item.reason_labels ?? []).join(', ')}
        {item.additional_info ? ` · “${item.additional_info}”` : ''}
      </p>
    );
  if (item.kind === 'pending_upload') return <p>Held for review before it is listed.</p>;
  if (item.kind === 'automatic' && item.reason === 'content_safety')
    return (
      <p>
        {item.reason_label} · listed as {item.suggested_rating}, declared {item.declared_rating}
        {item.scores
          ? ` · ${['Porn', 'Hentai', 'Sexy'].map((c) => `${c} ${percent(item.scores![c] ?? 0)}`).join(', ')}`
          : ''}
      </p>
    );
  if (item.kind === 'automatic')
    return (
      <p>
        {item.reason_label} · {item.distance} of 64 hash bits differ
      </p>
    );
  return (
    <p>
      {item.reason_label}
      {item.suggested_rating ? ` · suggests rating ${item.suggested_rating}` : ''}
      {item.note ? ` · “${item.note}”` : ''}
    </p>
  );
}

function GifBlock(props: {
  gif: QueueGif;
  item: QueueItem;
  isAdmin: boolean;
  commands: RefObject<GifCommands>;
}) {
  return (
    <div className="queue-gif">
      <QueueMedia gif={props.gif} />
      <div>
        <GifFacts gif={props.gif} />
        <GifActions
          gif={props.gif}
          isAdmin={props.isAdmin}
          reason={props.item.kind === 'automatic' ? undefined : props.item.reason}
          searchReportId={props.item.kind === 'search_report' ? props.item.id : undefined}
          commands={props.commands}
        />
      </div>
    </div>
  );
}

/**
 * One queue item: why it is here, the GIF (a search report: each GIF the search showed) and the
 * decisions. Focused, it takes the keyboard shortcuts; on a search report they act on the first
 * GIF shown, and d dismisses the report itself.
 */
export function QueueItemCard(props: {
  item: QueueItem;
  isAdmin: boolean;
  ref?: Ref<HTMLElement>;
  onFocus: () => void;
}) {
  const { item } = props;
  const commands = useRef<GifCommands>({});
  const dismiss = useMutation({ mutationFn: () => dismissSearchReport(item.id) });
  const gifs = item.kind === 'search_report' ? (item.shown_gifs ?? []) : item.gif ? [item.gif] : [];

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const key = event.key as keyof GifCommands;
    const command =
      item.kind === 'search_report' && key === 'd'
        ? () => !dismiss.isPending && !dismiss.isSuccess && dismiss.mutate()
        : commands.current[key];
    if (!command) return;
    event.preventDefault();
    command();
  };

  return (
    <article
      ref={props.ref}
      className="queue-item"
      tabIndex={0}
      aria-label={`${kindLabel[item.kind]} ${item.id}`}
      onFocus={props.onFocus}
      onKeyDown={onKeyDown}
    >
      <header>
        <strong>{kindLabel[item.kind]}</strong> ·{' '}
        <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString()}</time>
      </header>
      <ItemDetail item={item} />
      <div className={item.duplicate_gif ? 'queue-pair' : undefined}>
        {gifs.map((gif, index) => (
          <GifBlock
            key={gif.id}
            gif={gif}
            item={item}
            isAdmin={props.isAdmin}
            commands={index === 0 ? commands : { current: {} }}
          />
        ))}
        {item.duplicate_gif ? (
          <section className="queue-duplicate" aria-label="Resembles this GIF of another user">
            <p>Resembles (another user&apos;s GIF):</p>
            <div className="queue-gif">
              <QueueMedia gif={item.duplicate_gif} />
              <GifFacts gif={item.duplicate_gif} />
            </div>
          </section>
        ) : null}
      </div>
      {item.kind === 'search_report' ? (
        dismiss.isSuccess ? (
          <p role="status">Search report dismissed</p>
        ) : (
          <button type="button" className="secondary" onClick={() => dismiss.mutate()}>
            Dismiss search report
          </button>
        )
      ) : null}
      {dismiss.error ? <ErrorMessage message={dismiss.error.message} /> : null}
    </article>
  );
}
