import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { StoryCards } from '../stories/StoryCard.tsx';
import { partnerArtistStories } from '../stories/story-api.ts';
import '../stories/stories.css';

/** `/artists`: the recent stories of verified artists (GIPHY's partnerArtist stories). */
export default function ArtistsPage() {
  const stories = useQuery({
    queryKey: ['partner-artist-stories'],
    queryFn: () => partnerArtistStories(24),
  });
  return (
    <section className="artists-page">
      <h1>Artists</h1>
      <h2 id="artist-stories">Artists’ recent stories</h2>
      {stories.isPending ? <p className="loading">Loading…</p> : null}
      {stories.error ? <ErrorMessage message={stories.error.message} /> : null}
      {stories.data?.length === 0 ? <p>No stories by artists yet.</p> : null}
      {stories.data ? <StoryCards label="Artists’ recent stories" stories={stories.data} /> : null}
    </section>
  );
}
