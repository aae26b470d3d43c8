import type { HiddenTerm, TrendingCandidate as CandidateObject } from '@jiffy/contracts';
import type { TrendingCandidate } from './discovery.service.ts';
import type { HiddenTermRow } from './trending-term-rules.repository.ts';
import type { TrendingSearchReview } from './trending-search-moderation.service.ts';

const iso = (date: Date) => new Date(date).toISOString();

/** A candidate term: its visitors and searches, and whether (or why not) it shows. */
export function presentCandidate(candidate: TrendingCandidate): CandidateObject {
  return {
    term: candidate.term,
    visitors: candidate.visitors,
    searches: candidate.searches,
    last_searched_at: iso(candidate.last_searched_at),
    shows: candidate.refusal === null,
    refusal: candidate.refusal,
  };
}

/** A hidden term, when and by whom it was hidden. */
export function presentHiddenTerm(row: HiddenTermRow): HiddenTerm {
  return {
    term: row.term,
    hidden_at: iso(row.hidden_at),
    hidden_by: row.hidden_by ? { id: row.hidden_by, username: row.hidden_by_username } : null,
  };
}

/** The moderators' review of trending searches. */
export function presentReview(review: TrendingSearchReview) {
  return {
    min_visitors: review.minVisitors,
    candidates: review.candidates.map(presentCandidate),
    hidden: review.hidden.map(presentHiddenTerm),
    blocked_terms: review.blocked,
  };
}
