import { categoryDisplayName, categoryPageName } from '@jiffy/contracts/page-titles';
import { useParams } from 'react-router';
import { api } from '../api/client.ts';
import { CategoryCards } from '../components/CategoryCards.tsx';
import { GifGrid } from '../components/GifGrid.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/categories`: every category with its GIF; `/categories/:name` its GIFs. */
export default function CategoriesPage() {
  const { category, subcategory } = useParams();
  // The address holds the tag ("happy-birthday"); people read the category's name.
  const shown = categoryDisplayName(subcategory ?? category ?? '');
  usePageTitle(category ? categoryPageName(subcategory ?? category) : 'Categories');
  if (category) {
    const name = subcategory ? `${category}/${subcategory}` : category;
    return (
      <>
        <h1>{shown}</h1>
        <GifGrid
          listKey={`category:${name}`}
          fetchGifs={(offset) => api.search(subcategory ?? category, { offset, limit: 25 })}
        />
      </>
    );
  }
  return <CategoryIndex />;
}

function CategoryIndex() {
  return (
    <>
      <h1>Categories</h1>
      <CategoryCards />
    </>
  );
}
