/** The queue's keyboard shortcuts, as the focused item takes them. */
export const shortcuts = [
  ['j', 'next item'],
  ['k', 'previous item'],
  ['a', 'approve'],
  ['r', 'change rating (focuses the rating)'],
  ['s', 'mark sticker / not a sticker'],
  ['t', 'take down (reason, note, e-mail)'],
  ['d', 'dismiss'],
] as const;

export function ShortcutList() {
  return (
    <details className="shortcut-list" open>
      <summary>Keyboard shortcuts</summary>
      <dl>
        {shortcuts.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
