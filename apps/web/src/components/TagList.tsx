import { Link } from 'react-router';

/** Tags as links to their searches. */
export function TagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={`/search/${encodeURIComponent(tag)}`}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}
