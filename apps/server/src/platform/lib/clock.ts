/**
 * The time as milliseconds since the epoch. Whatever decides by time what a visitor sees (the
 * trending schedule, story publish times, the answers kept for them) asks one clock, so a test
 * can move it instead of sleeping.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
