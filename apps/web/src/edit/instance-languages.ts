import type { InstanceLanguage } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { siteJson } from '../api/site-fetch.ts';

/**
 * The languages this instance's search stems (`GET /ajax/languages`), by name: what a GIF and
 * its language tags may be in. Fixed while the server runs, so asked once per visit.
 */
export function useInstanceLanguages() {
  return useQuery({
    queryKey: ['instance-languages'],
    queryFn: () => siteJson<InstanceLanguage[]>('/ajax/languages'),
    staleTime: Infinity,
  });
}

/** A language's name as the instance gives it, else its code (a GIF's `lang` from the API). */
export function languageName(languages: InstanceLanguage[] | undefined, code: string): string {
  return languages?.find((language) => language.code === code)?.name ?? code;
}
