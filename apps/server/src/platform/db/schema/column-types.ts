import type { ColumnType } from 'kysely';

/** Given or defaulted on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A count with a default of 0, kept by the code or by triggers. */
export type Counter = ColumnType<number, number | undefined, number>;
