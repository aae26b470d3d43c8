import { ratings } from '@jiffy/contracts';
import type { FormEvent } from 'react';

const statuses = ['ready', 'processing', 'pending_review', 'failed', 'removed'];

/**
 * The filters, as a form whose fields carry the server's names: submitting it sets the page's
 * address, so a search can be reloaded, shared and paged.
 */
export function StaffSearchForm({
  filters,
  onSearch,
}: {
  filters: URLSearchParams;
  onSearch: (filters: URLSearchParams) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const [name, value] of data) {
      if (typeof value !== 'string' || !value.trim() || name === 'status') continue;
      next.set(name, value.trim());
    }
    const chosen = data.getAll('status').map(String);
    if (chosen.length) next.set('status', chosen.join(','));
    onSearch(next);
  };
  const chosenStatuses = (filters.get('status') ?? '').split(',');
  const choice = (name: string, label: string, options: [string, string][]) => (
    <label>
      {label}{' '}
      <select name={name} defaultValue={filters.get(name) ?? ''}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const yesNo: [string, string][] = [
    ['true', 'Yes'],
    ['false', 'No'],
  ];
  // Keyed by the address's filters: Back, a keyword chip or paging resets the fields to them.
  return (
    <form key={filters.toString()} className="staff-search-form" onSubmit={submit}>
      <label>
        Words or GIF id{' '}
        <input name="q" type="search" maxLength={200} defaultValue={filters.get('q') ?? ''} />
      </label>
      <label>
        Uploader{' '}
        <input name="username" maxLength={50} defaultValue={filters.get('username') ?? ''} />
      </label>
      <fieldset>
        <legend>Status</legend>
        {statuses.map((status) => (
          <label key={status} className="check-field">
            <input
              type="checkbox"
              name="status"
              value={status}
              defaultChecked={chosenStatuses.includes(status)}
            />
            {status.replace('_', ' ')}
          </label>
        ))}
      </fieldset>
      {choice(
        'rating',
        'Rating',
        ratings.map((r) => [r, r]),
      )}
      {choice('type', 'Type', [
        ['gif', 'GIF'],
        ['sticker', 'Sticker'],
        ['video', 'Video'],
      ])}
      {choice('has_reports', 'Reported', yesNo)}
      {choice('flagged', 'Flagged', yesNo)}
      <label>
        Language{' '}
        <input name="lang" maxLength={2} size={3} defaultValue={filters.get('lang') ?? ''} />
      </label>
      <label>
        From{' '}
        <input name="created_from" type="date" defaultValue={filters.get('created_from') ?? ''} />
      </label>
      <label>
        To <input name="created_to" type="date" defaultValue={filters.get('created_to') ?? ''} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}
