import { gifAltText } from '@jiffy/contracts/alt-text';
import { roleMay } from '@jiffy/contracts/role-permissions';
import { Link } from 'react-router';
import { useSession, type SessionUser } from '../account/use-session.ts';
import { EmptyState, joinOrLogIn } from '../components/EmptyState.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import type { Story } from '../stories/story-api.ts';
import { useStoryList } from '../stories/use-story-list.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/posts`: staff's published stories as long-form posts (GIPHY's articles), newest first. */
export default function PostsPage() {
  usePageTitle('Posts');
  const { list, stories } = useStoryList({ staff: true });
  const session = useSession();
  return (
    <section className="posts-page">
      <h1>Posts</h1>
      {list.isPending ? <p className="loading">Loading…</p> : null}
      {list.error ? <ErrorMessage message={list.error.message} /> : null}
      {list.isSuccess && stories.length === 0 && !session.isPending ? (
        <NoPosts user={session.data?.user ?? null} />
      ) : null}
      <ol className="post-list" aria-label="Posts">
        {stories.map((story) => (
          <PostSummary key={story.story_id} story={story} />
        ))}
      </ol>
      {list.hasNextPage ? (
        <button
          type="button"
          className="secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          More posts
        </button>
      ) : null}
    </section>
  );
}

/**
 * No post yet: posts are the team's own stories (`post.write`), so the team is offered to write
 * one; anyone else is offered the stories, and a visitor to join as well.
 */
function NoPosts({ user }: { user: SessionUser | null }) {
  const title = 'No posts yet';
  if (roleMay(user?.role, 'post.write'))
    return (
      <EmptyState title={title} steps={[{ to: '/dashboard/stories/new', label: 'Write a post' }]}>
        Posts are the stories this Jiffy’s team writes: news, picks and how-tos. Write the first.
      </EmptyState>
    );
  const stories = { to: '/stories', label: 'Read the stories' };
  return (
    <EmptyState
      title={title}
      steps={
        user ? [stories] : [stories, ...joinOrLogIn({ joinNext: '/upload', logInNext: '/posts' })]
      }
    >
      Posts are written by this Jiffy’s team. Meanwhile, read what its creators tell in stories
      {user ? '.' : ', or join to upload GIFs of your own.'}
    </EmptyState>
  );
}

/** A post in the list: its cover beside its title, date, author and opening words. */
function PostSummary({ story }: { story: Story }) {
  const cover = story.cover_gif;
  const image =
    cover?.images.fixed_width?.webp ||
    cover?.images.fixed_width?.url ||
    cover?.images.original?.url;
  const when = story.publish_datetime ? new Date(story.publish_datetime) : null;
  return (
    <li className="post-summary">
      {cover && image ? <img src={image} alt={gifAltText(cover)} loading="lazy" /> : null}
      <div>
        <h2>
          <Link to={`/stories/${story.slug}`}>{story.title}</Link>
        </h2>
        <p className="muted">
          {when ? (
            <time dateTime={story.publish_datetime!}>{when.toLocaleDateString()}</time>
          ) : null}
          {story.user ? ` · ${story.user.display_name || story.user.username}` : null}
        </p>
        {story.description ? <p>{story.description}</p> : null}
      </div>
    </li>
  );
}
