import type { Category } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

/** The instance's categories (one list for every page that shows them). */
export const useCategories = () =>
  useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.categories()).data,
  });

/**
 * Categories as cards with their GIF's still, linking to their pages: all of them, or the first
 * `limit`. The server names them for people and gives no two on its page the same GIF.
 */
export function CategoryCards({ limit }: { limit?: number }) {
  const categories = useCategories();
  return (
    <>
      {categories.isError ? <ErrorMessage message="Categories could not be loaded." /> : null}
      <ul className="category-list">
        {(categories.data ?? []).slice(0, limit).map((c) => (
          <CategoryCard key={c.name_encoded} category={c} />
        ))}
      </ul>
    </>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const gif = category.gif;
  const still = gif?.images.fixed_width_still ?? gif?.images.fixed_width;
  return (
    <li>
      <Link to={`/categories/${category.name_encoded}`}>
        {gif && still?.url ? (
          <img
            src={still.url}
            alt={gifAltText(gif)}
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
