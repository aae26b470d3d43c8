import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryCards, useCategories } from '../components/CategoryCards.tsx';
import { TrendingSearches } from '../components/TrendingSearches.tsx';
import { artistsPage } from '../directory/directory-api.ts';
import { PersonCards } from '../directory/PersonCards.tsx';
import { StoryCards } from '../stories/StoryCard.tsx';
import { listStories } from '../stories/story-api.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** How many of each the page shows before its "See all" link. */
const CATEGORIES = 12;
const ARTISTS = 6;
const STORIES = 4;

/**
 * `/explore`: a way in besides searching, as GIPHY's: what people search for now, a first row
 * of categories, the artists who made something lately and the newest stories, each leading to
 * its own page. A part with nothing to show is left out.
 */
export default function ExplorePage() {
  usePageTitle('Explore', 'What people search for now, categories, artists and stories.');
  const categories = useCategories();
  const artists = useQuery({
    queryKey: ['explore-artists'],
    queryFn: async () =>
      (await artistsPage({ filter: '', freelance: false, sort: 'updatetime' }, 0)).people,
  });
  const stories = useQuery({
    queryKey: ['explore-stories'],
    queryFn: async () => (await listStories({ limit: STORIES })).data,
  });
  return (
    <section className="explore-page">
      <h1>Explore</h1>
      <p>What people search for now, categories to browse, and who makes it all.</p>
      <TrendingSearches />
      {categories.data?.length ? (
        <Part
          id="explore-categories"
          heading="Categories"
          more="/categories"
          moreText="All categories"
        >
          <CategoryCards limit={CATEGORIES} />
        </Part>
      ) : null}
      {artists.data?.length ? (
        <Part id="explore-artists" heading="Artists" more="/artists" moreText="All artists">
          <PersonCards people={artists.data.slice(0, ARTISTS)} label="Artists" />
        </Part>
      ) : null}
      {stories.data?.length ? (
        <Part id="explore-stories" heading="Stories" more="/stories" moreText="All stories">
          <StoryCards stories={stories.data.slice(0, STORIES)} label="Latest stories" />
        </Part>
      ) : null}
    </section>
  );
}

/** One part of the page: its heading, what it shows, and where to see all of it. */
function Part(props: {
  id: string;
  heading: string;
  more: string;
  moreText: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      {props.children}
      <p>
        <Link to={props.more}>{props.moreText} →</Link>
      </p>
    </section>
  );
}
