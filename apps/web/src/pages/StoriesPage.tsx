import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { StoryCards } from '../stories/StoryCard.tsx';
import { trendingStories } from '../stories/story-api.ts';
import { useStoryList } from '../stories/use-story-list.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/stories`: the stories staff put on trending first, then everyone's latest. */
export default function StoriesPage() {
  usePageTitle('Stories');
  const trending = useQuery({ queryKey: ['trending-stories'], queryFn: trendingStories });
  const { list, stories } = useStoryList({});
  // A trending story is already at the top; the latest list does not show it twice.
  const onTrending = new Set(trending.data?.map((entry) => entry.story.story_id));
  const latest = stories.filter((story) => !onTrending.has(story.story_id));
  return (
    <section className="stories-page">
      <h1>Stories</h1>
      {trending.data?.length ? (
        <section aria-labelledby="trending-stories">
          <h2 id="trending-stories">Trending stories</h2>
          <StoryCards label="Trending stories" stories={trending.data.map((e) => e.story)} />
        </section>
      ) : null}
      <section aria-labelledby="latest-stories">
        <h2 id="latest-stories">Latest stories</h2>
        {list.isPending ? <p className="loading">Loading…</p> : null}
        {list.error ? <ErrorMessage message={list.error.message} /> : null}
        {list.isSuccess && latest.length === 0 ? <p>No stories yet.</p> : null}
        <StoryCards label="Latest stories" stories={latest} />
        {list.hasNextPage ? (
          <button
            type="button"
            className="secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            More stories
          </button>
        ) : null}
      </section>
    </section>
  );
}
