import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathOfSource } from '../backdrop/backdrop-source.ts';
import { useExperiment } from '../labs/experiments.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { TagList } from '../components/TagList.tsx';
import { StoryItemView } from '../stories/StoryItemView.tsx';
import { TrendingStoryButton } from '../stories/TrendingStoryButton.tsx';
import { storyBySlug, type Story } from '../stories/story-api.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/stories/:slug`: a story read top to bottom, one full-width GIF after another. */
export default function StoryPage() {
  const slug = useParams().slug ?? '';
  const story = useQuery({ queryKey: ['story', slug], queryFn: () => storyBySlug(slug) });
  usePageTitle(
    story.data?.title ?? (story.error ? 'Story not found' : undefined),
    story.data?.description,
  );
  if (story.isPending) return <p className="loading">Loading…</p>;
  if (story.error) return <ErrorMessage message={story.error.message} />;
  return <StoryArticle story={story.data} />;
}

function StoryArticle({ story }: { story: Story }) {
  const backdrops = useExperiment('backdrop');
  const user = story.user;
  const when = story.publish_datetime ? new Date(story.publish_datetime) : null;
  return (
    <article className="story-page">
      <header>
        <h1>{story.title}</h1>
        {user ? (
          <p className="story-byline">
            by <Link to={`/${user.username}`}>{user.display_name || user.username}</Link>
            {when ? (
              <time dateTime={story.publish_datetime!}> · {when.toLocaleDateString()}</time>
            ) : null}
          </p>
        ) : null}
        {!story.is_published ? <p className="muted">Draft: only you and staff see it.</p> : null}
        {story.description ? <p className="story-description">{story.description}</p> : null}
        <TrendingStoryButton story={story} />
        {backdrops && story.is_published && story.gifs?.length ? (
          <p>
            <Link to={pathOfSource({ kind: 'story', slug: story.slug })}>Play as a backdrop</Link>
          </p>
        ) : null}
      </header>
      <ol className="story-items" aria-label="GIFs of the story">
        {(story.gifs ?? []).map((item, index) => (
          <StoryItemView key={`${item.gif.id}-${index}`} item={item} index={index} />
        ))}
      </ol>
      <TagList tags={story.tags} label="Tags" />
    </article>
  );
}
