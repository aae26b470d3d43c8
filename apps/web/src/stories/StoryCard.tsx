import { gifAltText } from '@jiffy/contracts/alt-text';
import { Link } from 'react-router';
import type { Story } from './story-api.ts';

/** A story in a list: its cover, title and author, opening the story page. */
export function StoryCard({ story }: { story: Story }) {
  const cover = story.cover_gif;
  const still =
    cover?.images.fixed_width?.webp ||
    cover?.images.fixed_width?.url ||
    cover?.images.original?.url;
  const author = story.user?.display_name || story.user?.username;
  return (
    <li className="story-card">
      <Link to={`/stories/${story.slug}`}>
        {cover && still ? (
          <img src={still} alt={gifAltText(cover)} loading="lazy" />
        ) : (
          <span className="story-card-empty" aria-hidden="true" />
        )}
        <strong>{story.title}</strong>
      </Link>
      {author ? <span className="muted">by {author}</span> : null}
    </li>
  );
}

/** Stories as a grid of cards, with a heading that names the list. */
export function StoryCards({ stories, label }: { stories: Story[]; label: string }) {
  return (
    <ul className="story-cards" aria-label={label}>
      {stories.map((story) => (
        <StoryCard key={story.story_id} story={story} />
      ))}
    </ul>
  );
}
