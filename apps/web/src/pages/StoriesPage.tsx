import { roleMay } from '@jiffy/contracts/role-permissions';
import { useQuery } from '@tanstack/react-query';
import { useSession, type SessionUser } from '../account/use-session.ts';
import { EmptyState, joinOrLogIn } from '../components/EmptyState.tsx';
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
  const session = useSession();
  // Nothing on trending and nothing latest: the page says so once, with a way to fill it (which
  // depends on who is looking, so it waits to know).
  const none =
    list.isSuccess &&
    stories.length === 0 &&
    !trending.isPending &&
    !trending.data?.length &&
    !session.isPending;
  // Every story there is is on trending: no "Latest" heading over nothing.
  const allOnTrending = list.isSuccess && latest.length === 0 && !list.hasNextPage;
  return (
    <section className="stories-page">
      <h1>Stories</h1>
      {trending.data?.length ? (
        <section aria-labelledby="trending-stories">
          <h2 id="trending-stories">Trending stories</h2>
          <StoryCards label="Trending stories" stories={trending.data.map((e) => e.story)} />
        </section>
      ) : null}
      {none ? (
        <NoStories user={session.data?.user ?? null} />
      ) : allOnTrending ? null : (
        <section aria-labelledby="latest-stories">
          <h2 id="latest-stories">Latest stories</h2>
          {list.isPending ? <p className="loading">Loading…</p> : null}
          {list.error ? <ErrorMessage message={list.error.message} /> : null}
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
      )}
    </section>
  );
}

/**
 * No story at all yet: who writes them, and the visitor's way there. Stories are creators' and
 * staff's (`story.write`); a plain user may apply to be a creator; a visitor may join first.
 */
function NoStories({ user }: { user: SessionUser | null }) {
  const title = 'No stories yet';
  if (roleMay(user?.role, 'story.write'))
    return (
      <EmptyState title={title} steps={[{ to: '/dashboard/stories/new', label: 'Write a story' }]}>
        A story strings GIFs together with captions. Be the first to tell one.
      </EmptyState>
    );
  if (!user)
    return (
      <EmptyState title={title} steps={joinOrLogIn({ joinNext: '/apply', logInNext: '/stories' })}>
        Stories are written by this Jiffy’s creators. Join to apply to be one, or log in if you are.
      </EmptyState>
    );
  return (
    <EmptyState
      title={title}
      steps={[
        ...(roleMay(user.role, 'application.apply') && !user.is_verified
          ? [{ to: '/apply', label: 'Apply to be a creator' }]
          : []),
        { to: '/artists', label: 'Meet the artists' },
      ]}
    >
      Stories are written by this Jiffy’s creators.
    </EmptyState>
  );
}
