// The trending module's face: what the rest of the server may use of it.
export { trendingRecomputeJob } from './trending-recompute.job.ts';
export { TrendingRepository } from './trending.repository.ts';
