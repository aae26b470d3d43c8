import type { FastifyInstance } from 'fastify';
import {
  bulkLanguageTagsAnswer,
  instanceLanguagesAnswer,
  languageTagsAnswer,
  tagTranslationsAnswer,
} from '@jiffy/contracts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  addLanguageTagsBody,
  bulkLanguageTagsQuery,
  removeLanguageTagQuery,
} from './language-tag-input.schema.ts';
import {
  presentLanguages,
  presentLanguageTags,
  presentTagTranslations,
} from './language-tag.presenter.ts';
import type { LanguageTagService } from './language-tag.service.ts';

/**
 * Language tags: reading is open to anyone for ready GIFs; adding and removing take the
 * owner or staff, a session (or personal token) and the CSRF echo.
 */
export function languageTagsRoutes(
  app: FastifyInstance,
  deps: {
    languageTags: LanguageTagService;
  },
): void {
  const tags = ['Editing'];
  const auth = 'session-or-token';
  // What the editing pages offer as a GIF's language: the languages search stems here.
  const languages = documented({
    auth: 'anonymous',
    summary: "The languages this instance's search stems",
    tags,
    responses: { 200: instanceLanguagesAnswer },
  });
  app.get('/ajax/languages', languages, async () => ({
    data: presentLanguages(await deps.languageTags.languages()),
  }));

  const bulk = documented({
    auth: 'optional-session-or-token',
    summary: "GIFs' tags in one language",
    tags,
    query: bulkLanguageTagsQuery,
    responses: { 200: bulkLanguageTagsAnswer },
  });
  app.get('/ajax/gif/bulk/language-tags', bulk, async (request) => {
    const query = parseInput(bulkLanguageTagsQuery, request.query);
    const { gifIds, rows } = await deps.languageTags.bulk(
      request.principal,
      query.gif_ids,
      query.lang,
    );
    return { data: presentLanguageTags(gifIds, query.lang, rows) };
  });

  const add = documented({
    summary: 'Add tags in a language to a GIF (its owner or staff)',
    tags,
    params: gifIdParams,
    body: addLanguageTagsBody,
    responses: { 200: languageTagsAnswer },
    auth,
  });
  app.post('/ajax/gif/:id/language-tags', add, async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const input = parseInput(addLanguageTagsBody, request.body ?? {});
    const rows = await deps.languageTags.add(request.principal, { gifId: id, ...input });
    return { data: presentLanguageTags([id], input.lang, rows)[0] };
  });

  const remove = documented({
    summary: 'Remove a tag in a language from a GIF (its owner or staff)',
    tags,
    params: gifIdParams,
    query: removeLanguageTagQuery,
    responses: { 200: languageTagsAnswer },
    auth,
  });
  app.delete('/ajax/gif/:id/language-tags', remove, async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const input = parseInput(removeLanguageTagQuery, request.query);
    const rows = await deps.languageTags.remove(request.principal, { gifId: id, ...input });
    return { data: presentLanguageTags([id], input.lang, rows)[0] };
  });

  const translations = documented({
    auth: 'optional-session-or-token',
    summary: "A GIF's tags in every language",
    tags,
    params: gifIdParams,
    responses: { 200: tagTranslationsAnswer },
  });
  app.get('/ajax/gif/:id/tag-translations', translations, async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const { gif, rows } = await deps.languageTags.translations(request.principal, id);
    return { data: presentTagTranslations(gif, rows) };
  });
}
