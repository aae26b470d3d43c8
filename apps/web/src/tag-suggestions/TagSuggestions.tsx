import { useQuery } from '@tanstack/react-query';
import { framesOfFile } from './frames-of-file.ts';
import { suggestTags } from './suggest-tags.ts';

/**
 * Tags suggested for `file` as buttons: pressing one adds it (`onAdd`). Those already among
 * `tags` are not offered. Nothing shows while there is nothing to suggest.
 */
export function TagSuggestions({
  file,
  tags,
  onAdd,
}: {
  file: File;
  tags: string[];
  onAdd: (tag: string) => void;
}) {
  const suggested = useQuery({
    queryKey: ['tag-suggestions', file.name, file.size, file.lastModified],
    queryFn: async () => suggestTags(await framesOfFile(file)),
    staleTime: Infinity,
    retry: false,
  });
  const offered = (suggested.data ?? []).filter((s) => !tags.includes(s.tag));
  if (offered.length === 0) return null;
  return (
    <div className="tag-suggestions" role="group" aria-label="Suggested tags">
      <span>Suggested:</span>
      {offered.map((s) => (
        <button
          key={s.tag}
          type="button"
          onClick={() => onAdd(s.tag)}
          title={`${Math.round(s.confidence * 100)}% sure`}
        >
          #{s.tag}
        </button>
      ))}
    </div>
  );
}
