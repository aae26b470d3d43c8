import type { Category } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

/** Every category as a card with its GIF's still, linking to its page. */
export function CategoryCards() {
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.categories()).data,
  });
  return (
    <>
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
