/**
 * The API routes `/openapi.json` does not describe yet (its `x-undocumented`), which the contract
 * test requires to match exactly: documenting a route means taking it off this list, and a new
 * route cannot slip in undocumented. The list only shrinks.
 */
export const STILL_UNDOCUMENTED: readonly string[] = [];
