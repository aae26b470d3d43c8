import type { Category } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api/client.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
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
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.categories()).data,
  });
  return (
    <>
      <h1>Categories</h1>
      {categories.isError ? <ErrorMessage message="Categories could not be loaded." /> : null}
      <ul className="category-list">
        {(categories.data ?? []).map((c) => (
          <CategoryCard key={c.name_encoded} category={c} />
        ))}
      </ul>
    </>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const still = category.gif?.images.fixed_width_still ?? category.gif?.images.fixed_width;
  return (
    <li>
      <Link to={`/categories/${category.name_encoded}`}>
        {still?.url ? (
          <img
            src={still.url}
            alt=""
            width={Number(still.width)}
            height={Number(still.height)}
            loading="lazy"
          />
        ) : null}
        <span>{category.name}</span>
      </Link>
    </li>
  );
}
