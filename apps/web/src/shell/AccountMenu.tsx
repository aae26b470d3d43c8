import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { SessionUser } from '../account/use-session.ts';
import { accountMenuGroups } from './account-menu-links.ts';

/**
 * The signed-in user's menu in the header: a button named after them that shows and hides a
 * panel of links (the disclosure pattern, not an ARIA menu: these are links, so Tab moves
 * through them as it does through the rest of the header). Escape closes it and puts focus back
 * on the button; a click outside, focus leaving it or a navigation closes it too.
 */
export function AccountMenu(props: { user: SessionUser; onLogOut: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (a link here, the back button, a search) leaves the menu closed.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          closeToButton();
        }
      }}
      onBlur={(event) => {
        // Tabbing past the last link: the open panel would hide what focus moved to. A null
        // target (a click on nothing focusable) is left to the outside-click listener.
        const next = event.relatedTarget;
        if (next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        // The visible "@name" begins the spoken name too (WCAG 2.5.3: say what you see).
        aria-label={`@${props.user.username}, account menu`}
        onClick={() => setOpen(!open)}
      >
        {`@${props.user.username}`}
        <span className="account-menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div
        id={panelId}
        className="account-menu-panel"
        hidden={!open}
        onClick={(event) => {
          // A chosen link closes the menu even when it is the page already open (no
          // navigation follows), and focus stays in the header instead of falling to the page.
          if ((event.target as Element).closest('a')) closeToButton();
        }}
      >
        {accountMenuGroups(props.user).map((group, i) => (
          <div key={i} className="account-menu-group">
            {/* A list named by its group's label: "Staff, list, 4 items" to a screen reader. */}
            {group.label ? (
              <p id={`${panelId}-${i}`} className="account-menu-label">
                {group.label}
              </p>
            ) : null}
            <ul aria-labelledby={group.label ? `${panelId}-${i}` : undefined}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <button
          type="button"
          className="account-menu-logout"
          onClick={() => {
            setOpen(false);
            props.onLogOut();
          }}
        >
          Log out
        </button>
      </div>
    </div>
  );
}
