/** A `datetime-local` input's value for an instant, in the browser's own zone. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The seven days from today, each as its local midnight. */
export function comingWeek(now = new Date()): Date[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Array.from(
    { length: 7 },
    (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + i),
  );
}

/**
 * Where a drop on `day` puts a start: that day at `timeOfDay`'s hours and minutes, or now when
 * that moment is already past (a drop on today).
 */
export function startOnDay(day: Date, timeOfDay: Date, now = new Date()): Date {
  const at = new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    timeOfDay.getHours(),
    timeOfDay.getMinutes(),
  );
  return at < now ? now : at;
}
