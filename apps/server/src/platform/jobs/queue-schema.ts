/**
 * The schema holding an instance's job queue: beside its own schema on a shared server
 * (`<schema>_jobs`, so instances and test runs in one database never share jobs), else pg-boss's
 * default.
 */
export function queueSchemaOf(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_SCHEMA?: string | undefined;
}): string {
  return config.DATABASE_URL && config.DATABASE_SCHEMA
    ? `${config.DATABASE_SCHEMA}_jobs`
    : 'pgboss';
}
