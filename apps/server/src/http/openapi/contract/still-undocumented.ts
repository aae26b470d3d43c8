/**
 * The API routes `/openapi.json` does not describe yet (its `x-undocumented`), which the contract
 * test requires to match exactly: documenting a route means taking it off this list, and a new
 * route cannot slip in undocumented. The list only shrinks.
 */
export const STILL_UNDOCUMENTED: readonly string[] = [
  'POST /ajax/instashare/',
  'GET /api/v1/search-service/exports/:name',
  'PATCH /api/v1/users/:id/',
  'PUT /api/v1/users/:id/avatar',
  'DELETE /api/v1/users/:id/avatar',
  'GET /api/v3/moderation/gifs/:id/preview',
  'POST /api/v3/register/confirm',
  'GET /api/v3/spotify/artist',
  'GET /imaging/trim',
  'POST /imaging/trim',
];
