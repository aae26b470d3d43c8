// Each test project names the database engine its files run on (JIFFY_TEST_ENGINE): the db and
// http tiers run once on the embedded engine and once on the PostgreSQL server, the other tiers
// on the embedded engine. A DATABASE_URL in the developer's shell never leaks into a project.
if (process.env.JIFFY_TEST_ENGINE === 'postgres') {
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
} else {
  delete process.env.DATABASE_URL;
}
