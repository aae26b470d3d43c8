import { CategoryCards } from '../components/CategoryCards.tsx';
import { TrendingSearches } from '../components/TrendingSearches.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/search` without a term: somewhere to start — what people search for now and the categories
 * (the search box is the header's, on every page).
 */
export default function SearchLandingPage() {
  usePageTitle('Search GIFs and stickers');
  return (
    <section className="search-landing">
      <h1>Search GIFs and stickers</h1>
      <p>Type in the search box above, or start from what is trending or a category.</p>
      <TrendingSearches max={24} />
      <section aria-labelledby="search-categories">
        <h2 id="search-categories">Browse categories</h2>
        <CategoryCards />
      </section>
    </section>
  );
}
