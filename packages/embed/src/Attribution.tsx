import type { GifUser } from '@jiffy/contracts';

/**
 * The uploader under the GIF: avatar, the name they want shown, @username and the verified
 * badge, linking to their channel. Not shown for private users or those who suppress chrome.
 */
export function Attribution({ user }: { user: GifUser | undefined }) {
  if (!user || !user.is_public || user.suppress_chrome) return null;
  const name = user.attribution_display_name || user.display_name || user.username;
  return (
    <a className="attribution" href={user.profile_url} target="_blank" rel="noopener">
      {user.avatar_url ? <img className="avatar" src={user.avatar_url} alt="" /> : null}
      <span className="names">
        <span className="display-name">
          {name}
          {user.is_verified ? (
            <svg className="verified" viewBox="0 0 16 16" role="img" aria-label="verified">
              <circle cx="8" cy="8" r="8" />
              <path d="M4.5 8.2l2.2 2.2 4.8-4.8" />
            </svg>
          ) : null}
        </span>
        <span className="username">{`@${user.username}`}</span>
      </span>
    </a>
  );
}
