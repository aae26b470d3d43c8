import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Person } from './directory-api.ts';
import './directory.css';

/**
 * People as cards: avatar, name (to their channel), what they say about themselves; `after`
 * adds to a card (staff's remove button on /studios, so a person is listed once).
 */
export function PersonCards({
  people,
  label,
  after,
}: {
  people: Person[];
  label: string;
  after?: (person: Person) => ReactNode;
}) {
  return (
    <ul className="person-cards" aria-label={label}>
      {people.map((person) => (
        <li key={person.id}>
          <img src={person.avatar_url} alt="" width={64} height={64} loading="lazy" />
          <div>
            <Link to={`/${person.username}`}>{person.display_name || person.username}</Link>
            {person.is_verified ? <span className="badge">Verified</span> : null}
            {person.team_role ? (
              <span className="badge">{person.team_role === 'admin' ? 'Admin' : 'Moderator'}</span>
            ) : null}
            {person.freelance ? <span className="badge">Freelance</span> : null}
            <p className="handle">@{person.username}</p>
            {person.description ? <p>{person.description}</p> : null}
            {after?.(person)}
          </div>
        </li>
      ))}
    </ul>
  );
}
