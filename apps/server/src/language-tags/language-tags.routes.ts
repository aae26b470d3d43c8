import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import type { ApiTokenRepository } from '../accounts/api-token.repository.ts';
import { currentUser } from '../accounts/current-user.ts';
import { gifIdParams } from '../http/input-schemas.ts';
import { parseInput } from '../http/parse-input.ts';
import {
  addLanguageTagsBody,
  bulkLanguageTagsQuery,
  removeLanguageTagQuery,
} from './language-tag-input.schema.ts';
import { presentLanguageTags, presentTagTranslations } from './language-tag.presenter.ts';
import type { LanguageTagService } from './language-tag.service.ts';

/**
 * Language tags (§7): reading is open to anyone for ready GIFs; adding and removing take the
 * owner or staff, a session (or personal token) and the CSRF echo.
 */
export function languageTagsRoutes(
  app: FastifyInstance,
  deps: { languageTags: LanguageTagService; accounts: AccountService; tokens: ApiTokenRepository },
): void {
  const actor = (request: Parameters<typeof currentUser>[0]) =>
    currentUser(request, deps.accounts, deps.tokens);

  app.get('/ajax/gif/bulk/language-tags', async (request) => {
    const query = parseInput(bulkLanguageTagsQuery, request.query);
    const { gifIds, rows } = await deps.languageTags.bulk(
      await actor(request),
      query.gif_ids,
      query.lang,
    );
    return { data: presentLanguageTags(gifIds, query.lang, rows) };
  });

  app.post('/ajax/gif/:id/language-tags', async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const input = parseInput(addLanguageTagsBody, request.body ?? {});
    const rows = await deps.languageTags.add(await actor(request), { gifId: id, ...input });
    return { data: presentLanguageTags([id], input.lang, rows)[0] };
  });

  app.delete('/ajax/gif/:id/language-tags', async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const input = parseInput(removeLanguageTagQuery, request.query);
    const rows = await deps.languageTags.remove(await actor(request), { gifId: id, ...input });
    return { data: presentLanguageTags([id], input.lang, rows)[0] };
  });

  app.get('/ajax/gif/:id/tag-translations', async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    const { gif, rows } = await deps.languageTags.translations(await actor(request), id);
    return { data: presentTagTranslations(gif, rows) };
  });
}
