import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { parseTags } from './bulk-edit.ts';
import { languageName, useInstanceLanguages } from './instance-languages.ts';
import { LanguageSelect } from './LanguageSelect.tsx';

interface TagTranslations {
  gif_id: string;
  lang: string;
  translations: Record<string, string[]>;
}

/**
 * A GIF's tags in other languages, so searches in those languages find it: each language's tags
 * with a button to remove one, and a form to add some in a language.
 */
export function LanguageTagsEditor({ gifId }: { gifId: string }) {
  const id = useId();
  const client = useQueryClient();
  const key = ['tag-translations', gifId];
  const translations = useQuery({
    queryKey: key,
    queryFn: () => siteJson<TagTranslations>(`/ajax/gif/${gifId}/tag-translations`),
  });
  const languages = useInstanceLanguages();
  const [lang, setLang] = useState('');
  const [tags, setTags] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () =>
      siteJson(`/ajax/gif/${gifId}/language-tags`, {
        method: 'POST',
        json: { lang, tags: parseTags(tags) },
      }),
    onSuccess: () => {
      setTags('');
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (tag: { lang: string; tag: string }) =>
      siteJson(
        `/ajax/gif/${gifId}/language-tags?lang=${encodeURIComponent(tag.lang)}&tag=${encodeURIComponent(tag.tag)}`,
        { method: 'DELETE' },
      ),
    onSettled: refresh,
  });
  const own = translations.data?.lang;
  const others = Object.entries(translations.data?.translations ?? {}).filter(([l]) => l !== own);
  return (
    <section className="language-tags">
      <h2>Tags in other languages</h2>
      {translations.error ? <ErrorMessage message={translations.error.message} /> : null}
      {others.length === 0 && translations.isSuccess ? <p className="muted">None yet.</p> : null}
      {others.map(([language, list]) => (
        <div key={language}>
          <h3>{languageName(languages.data, language)}</h3>
          <ul className="tags">
            {list.map((tag) => (
              <li key={tag}>
                {tag}{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove ${tag} (${languageName(languages.data, language)})`}
                  onClick={() => remove.mutate({ lang: language, tag })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <form
        className="edit-rows"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <label htmlFor={`${id}-lang`}>Language</label>
        <LanguageSelect
          id={`${id}-lang`}
          value={lang}
          placeholder="Choose a language…"
          onChange={setLang}
        />
        <label htmlFor={`${id}-tags`}>Tags in it</label>
        <input
          id={`${id}-tags`}
          value={tags}
          placeholder="perro, baile"
          onChange={(event) => setTags(event.target.value)}
        />
        <div className="edit-actions">
          <button
            type="submit"
            className="secondary"
            disabled={add.isPending || lang === '' || parseTags(tags).length === 0}
          >
            Add language tags
          </button>
        </div>
      </form>
      {add.error ? <ErrorMessage message={add.error.message} /> : null}
      {remove.error ? <ErrorMessage message={remove.error.message} /> : null}
    </section>
  );
}
