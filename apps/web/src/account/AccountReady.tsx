import { Link } from 'react-router';

/** What a confirmed address leads to, from /join and from /email-jail. */
export function AccountReady() {
  return (
    <section className="form-page">
      <h1>Your account is ready</h1>
      <p>
        <Link to="/login">Log in</Link> to upload and collect favorites.
      </p>
    </section>
  );
}
