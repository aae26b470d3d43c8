import { useParams } from 'react-router';
import { api } from '../api/client.ts';
import { CategoryCards } from '../components/CategoryCards.tsx';
import { GifGrid } from '../components/GifGrid.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/categories` and `/explore`: every category with its GIF; `/categories/:name` its GIFs. */
/** A category as people write it ("animals" → "Animals"). */
const categoryName = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1);

export default function CategoriesPage() {
  const { category, subcategory } = useParams();
  usePageTitle(category ? `${categoryName(subcategory ?? category)} GIFs` : 'Categories');
  if (category) {
    const name = subcategory ? `${category}/${subcategory}` : category;
    return (
      <>
        <h1>{subcategory ?? category}</h1>
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
