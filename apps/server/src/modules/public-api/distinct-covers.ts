/**
 * A cover for each of a page's categories, from each one's candidates (best first), such that
 * no two categories share a cover while any choice of candidates lets them differ: a page of
 * categories all pictured by the same GIF tells them apart by name only.
 *
 * A maximum bipartite matching (Kuhn's augmenting paths), taken in page order with each
 * category's candidates in its order, a free one before moving another category: the first
 * categories keep their best cover unless a later one has no other way to get a cover of its
 * own. A category left without one (every candidate needed elsewhere) shares its best; one
 * with no candidates has none.
 */
export function distinctCovers(candidates: readonly (readonly string[])[]): (string | undefined)[] {
  const covers: (string | undefined)[] = candidates.map(() => undefined);
  const holderOf = new Map<string, number>();
  const take = (category: number, id: string) => {
    holderOf.set(id, category);
    covers[category] = id;
    return true;
  };
  const claim = (category: number, tried: Set<string>): boolean => {
    const free = candidates[category]!.find((id) => !holderOf.has(id));
    if (free !== undefined) return take(category, free);
    // Else one whose holder can move to another of its own candidates.
    for (const id of candidates[category]!) {
      if (tried.has(id)) continue;
      tried.add(id);
      if (claim(holderOf.get(id)!, tried)) return take(category, id);
    }
    return false;
  };
  const unmatched: number[] = [];
  candidates.forEach((_, category) => {
    if (!claim(category, new Set())) unmatched.push(category);
  });
  for (const category of unmatched) covers[category] = candidates[category]![0];
  return covers;
}
