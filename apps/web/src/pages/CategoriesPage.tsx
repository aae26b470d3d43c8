import { useParams } from 'react-router';
import { api } from '../api/client.ts';
import { CategoryCards } from '../components/CategoryCards.tsx';
import { GifGrid } from '../components/GifGrid.tsx';

/** `/categories` and `/explore`: every category with its GIF; `/categories/:name` its GIFs. */
export default function CategoriesPage() {
  const { category, subcategory } = useParams();
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
