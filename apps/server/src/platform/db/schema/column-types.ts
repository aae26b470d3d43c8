import type { ColumnType } from 'kysely';

/** Given or defaulted on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A count with a default of 0, kept by the code or by triggers. */
export type Counter = ColumnType<number, number | undefined, number>;

/** The content classifier's classes (stored with their scores on GIFs and automatic flags), in the order nsfwjs' model outputs them. */
export const safetyClasses = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type SafetyClass = (typeof safetyClasses)[number];

/** A probability (0–1) per class: for a GIF, each class's highest over its sampled frames. */
export type SafetyScores = Record<SafetyClass, number>;
