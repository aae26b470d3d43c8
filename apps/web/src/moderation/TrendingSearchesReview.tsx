import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  fetchTrendingReview,
  saveBlockedTerms,
  setTermHidden,
  type TrendingSearchReview,
} from './trending-searches-api.ts';

const REVIEW_KEY = ['moderation', 'trending-searches'];

const why: Record<string, string> = {
  hidden: 'hidden',
  blocked: 'blocked term',
  too_few_visitors: 'too few people',
};

/**
 * Trending searches as moderators see them: each term people searched (with results) this
 * week, how many distinct people, whether it shows and why not; hide or show a term, and edit
 * the blocked words and phrases (one a line).
 */
export function TrendingSearchesReview() {
  const client = useQueryClient();
  const review = useQuery({ queryKey: REVIEW_KEY, queryFn: fetchTrendingReview });
  const refresh = () => client.invalidateQueries({ queryKey: REVIEW_KEY });
  const hide = useMutation({
    mutationFn: ({ term, hidden }: { term: string; hidden: boolean }) =>
      setTermHidden(term, hidden),
    onSuccess: refresh,
  });
  const block = useMutation({ mutationFn: saveBlockedTerms, onSuccess: refresh });

  if (review.isPending) return <p>Loading trending searches…</p>;
  if (review.isError) return <p role="alert">{review.error.message}</p>;
  const data = review.data;
  return (
    <section className="trending-review" aria-labelledby="trending-review-heading">
      <h2 id="trending-review-heading">Trending searches</h2>
      <p>
        A term shows when at least {data.min_visitors} people searched it on one day this week and
        found GIFs.
      </p>
      {hide.isError ? <p role="alert">{hide.error.message}</p> : null}
      <CandidateTable
        review={data}
        onHide={(term, hidden) => hide.mutate({ term, hidden })}
        busy={hide.isPending}
      />
      {data.hidden.length > 0 ? (
        <>
          <h3>Hidden terms</h3>
          <ul>
            {data.hidden.map((entry) => (
              <li key={entry.term}>
                {entry.term}
                {entry.hidden_by?.username ? ` (by @${entry.hidden_by.username})` : ''}{' '}
                <button
                  type="button"
                  disabled={hide.isPending}
                  onClick={() => hide.mutate({ term: entry.term, hidden: false })}
                >
                  Show again
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <BlockedTermsForm
        key={data.blocked_terms.join('\n')}
        saved={data.blocked_terms}
        onSave={(terms) => block.mutate(terms)}
        busy={block.isPending}
        error={block.isError ? block.error.message : null}
      />
    </section>
  );
}

function CandidateTable(props: {
  review: TrendingSearchReview;
  onHide: (term: string, hidden: boolean) => void;
  busy: boolean;
}) {
  if (props.review.candidates.length === 0) return <p>Nobody searched anything this week.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Term</th>
          <th scope="col">People</th>
          <th scope="col">Searches</th>
          <th scope="col">Shows</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.review.candidates.map((candidate) => (
          <tr key={candidate.term}>
            <th scope="row">{candidate.term}</th>
            <td>{candidate.visitors}</td>
            <td>{candidate.searches}</td>
            <td>{candidate.shows ? 'yes' : `no (${why[candidate.refusal ?? ''] ?? ''})`}</td>
            <td>
              {candidate.refusal === 'hidden' ? (
                <button
                  type="button"
                  disabled={props.busy}
                  onClick={() => props.onHide(candidate.term, false)}
                >
                  Show again
                </button>
              ) : (
                <button
                  type="button"
                  disabled={props.busy}
                  aria-label={`Hide ${candidate.term}`}
                  onClick={() => props.onHide(candidate.term, true)}
                >
                  Hide
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BlockedTermsForm(props: {
  saved: string[];
  onSave: (terms: string[]) => void;
  busy: boolean;
  error: string | null;
}) {
  const [text, setText] = useState(props.saved.join('\n'));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(
          text
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== ''),
        );
      }}
    >
      <label>
        Blocked words and phrases (one a line; whole words, case and punctuation aside)
        <textarea rows={5} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {props.error ? <p role="alert">{props.error}</p> : null}
      <button type="submit" disabled={props.busy}>
        Save blocked terms
      </button>
    </form>
  );
}
