import type { Dashboard, Figures } from './dashboard-api.ts';
import { figureColours } from './chart-options.ts';

const figures: [keyof Figures, string][] = [
  ['views', 'Views'],
  ['clicks', 'Clicks'],
  ['shares', 'Shares'],
  ['favorites', 'Favorites'],
];

const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * One day's figures as bars, in the chart's colours. A line chart of one day is one dot per
 * line, which shows nothing; the roll-ups are per UTC day, so there are no hours to draw
 * either. Bars side by side compare the day's views, clicks, shares and favorites at a glance,
 * and each bar carries its number.
 */
export function DayBars({ day }: { day: Dashboard['series'][number] }) {
  const most = Math.max(1, ...figures.map(([key]) => day[key]));
  return (
    <table className="dashboard-day" aria-label="The day’s figures">
      <caption>{dayLabel.format(new Date(`${day.date}T00:00:00Z`))} (UTC)</caption>
      <tbody>
        {figures.map(([key, label]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>
              <span
                className="day-bar"
                data-figure={key}
                style={{
                  width: `${(day[key] / most) * 100}%`,
                  background: figureColours[key],
                }}
              />
            </td>
            <td>{day[key]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
