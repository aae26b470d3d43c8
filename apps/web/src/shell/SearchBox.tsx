import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api/client.ts';

/** The API takes a search of at most 50 characters. */
const MAX_QUERY = 50;

/** Waits `ms` after the last change before passing a value on (one request per pause). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The words of a search page's path (`/search/cat%20hat` → "cat hat"), else none. */
function searchedOn(pathname: string): string {
  const encoded = /^\/search\/([^/]+)/.exec(pathname)?.[1];
  if (!encoded) return '';
  try {
    return decodeURIComponent(encoded);
  } catch {
    return '';
  }
}

/**
 * The header's search box, with suggestions from the autocomplete endpoint. On a search page it
 * holds what was searched (after a reload, a shared link or a tag's link too), to change it.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const searched = searchedOn(useLocation().pathname);
  const [term, setTerm] = useState(searched);
  // Another search page (a tag's link, the back button) puts its words in the box.
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setTerm(searched);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const typed = useDebounced(term.trim(), 150);
  const suggestions = useQuery({
    queryKey: ['autocomplete', typed],
    queryFn: async ({ signal }) => (await api.autocomplete(typed, { limit: 6, signal })).data,
    enabled: typed.length > 0,
    staleTime: 60_000,
  });
  const names = open && typed ? (suggestions.data ?? []).map((s) => s.name) : [];
  const go = (value: string) => {
    const q = value.trim();
    if (!q) return;
    setOpen(false);
    setTerm(q);
    void navigate(`/search/${encodeURIComponent(q)}`);
  };
  return (
    <form
      role="search"
      aria-label="Search Jiffy"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        go(active >= 0 && names[active] ? names[active] : term);
      }}
    >
      <input
        type="search"
        aria-label="Search GIFs"
        placeholder="Search all the GIFs and stickers"
        maxLength={MAX_QUERY}
        value={term}
        role="combobox"
        aria-expanded={names.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        // Focus stays in the box while arrows move through the suggestions; this tells a
        // screen reader which one is active.
        aria-activedescendant={active >= 0 && names[active] ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, names.length - 1));
          else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, -1));
          else if (event.key === 'Escape') setOpen(false);
        }}
      />
      <button type="submit" className="primary">
        Search
      </button>
      {names.length > 0 ? (
        <ul id={listId} role="listbox" className="suggestions">
          {names.map((name, i) => (
            <li
              key={name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                go(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
