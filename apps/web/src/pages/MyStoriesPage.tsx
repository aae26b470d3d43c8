import { Link } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import type { Story } from '../stories/story-api.ts';
import { useStoryList } from '../stories/use-story-list.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/dashboard/stories`: the signed-in author's stories, drafts included, newest first. */
export default function MyStoriesPage() {
  usePageTitle('Your stories');
  return (
    <RequireRole title="Your stories" permission="story.write" who="creators and staff">
      {(user) => <MyStories username={user.username} />}
    </RequireRole>
  );
}

const stateOf = (story: Story) =>
  !story.is_published
    ? 'Draft'
    : Date.parse(story.publish_datetime ?? '') > Date.now()
      ? `Scheduled for ${new Date(story.publish_datetime!).toLocaleString()}`
      : 'Published';

function MyStories({ username }: { username: string }) {
  const { list, stories } = useStoryList({ username, unpublished: true });
  return (
    <section className="my-stories">
      <h1>Your stories</h1>
      <p>
        <Link className="button primary" to="/dashboard/stories/new">
          New story
        </Link>
      </p>
      {list.isPending ? <p className="loading">Loading…</p> : null}
      {list.error ? <ErrorMessage message={list.error.message} /> : null}
      {list.isSuccess && stories.length === 0 ? <p>No stories yet.</p> : null}
      <ul className="my-story-list" aria-label="Your stories">
        {stories.map((story) => (
          <li key={story.story_id}>
            <Link to={`/dashboard/stories/${story.story_id}`}>{story.title}</Link>
            <span className="muted"> · {stateOf(story)}</span>
            {story.is_published ? (
              <>
                {' · '}
                <Link to={`/stories/${story.slug}`}>Read</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button type="button" className="secondary" onClick={() => void list.fetchNextPage()}>
          More stories
        </button>
      ) : null}
    </section>
  );
}
