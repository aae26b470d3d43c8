import type { ChannelObject } from '@jiffy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SiteApiError } from '../api/site-fetch.ts';
import { channelApi, channelQueryKey, pollJob } from './channel-api.ts';
import { changesOf, formOf, KEEP, type ChannelForm } from './channel-edits.ts';
import { useFirstGifs } from './first-gifs.ts';
import { GifChoice } from './GifChoice.tsx';

/**
 * "Edit channel": its name, address (its slug, the last part of its page's path), description,
 * visibility, type (staff only: an editorial channel's magic tags gather anyone's GIFs),
 * featured GIF and banner, the last two picked from the channel's first GIFs. A root channel is
 * its owner's profile: only its description and pictures change here. Saving sends only what
 * changed; a new address moves the page to the new path.
 */
export function EditChannel(props: {
  channel: ChannelObject;
  /** Moderators and admins: they may also set the type. */
  staff: boolean;
  run: (change: () => Promise<string>) => Promise<void>;
  /** How a type change's re-sync job is polled; tests pass a short delay. */
  poll?: typeof pollJob;
}) {
  const { channel, staff, run, poll = pollJob } = props;
  const navigate = useNavigate();
  const client = useQueryClient();
  const slugHint = useId();
  const [open, setOpen] = useState(false);
  const [edits, setEdits] = useState<Partial<ChannelForm>>({});
  const gifs = useFirstGifs(channel.id, open);
  const listed = gifs.data ?? [];
  const before = formOf(channel, listed);
  const form = { ...before, ...edits };
  const edit = (change: Partial<ChannelForm>) => setEdits((e) => ({ ...e, ...change }));
  const featured = channel.featured_gif;
  const featuredChoices =
    featured && !listed.some((g) => g.id === featured.id) ? [featured, ...listed] : listed;

  const save = () =>
    run(async () => {
      const changes = changesOf(before, form);
      if (Object.keys(changes).length === 0) return 'Nothing to save.';
      const { data: saved, flush_uuid } = await channelApi
        .update(channel.id, changes)
        .catch((error: unknown) => {
          // The server says "slug"; the form says "address".
          if (error instanceof SiteApiError && error.code === 'channel_slug_taken')
            throw new Error(
              `Another channel beside this one already has the address “${form.slug}”. Choose another.`,
            );
          throw error;
        });
      setEdits({});
      setOpen(false);
      if (saved.path !== channel.path) {
        // The page at the new path starts from the saved channel, not a blank load.
        client.setQueryData(channelQueryKey(saved.path), saved);
        await navigate(`/${saved.path}`, { replace: true });
        // The old path is no channel now: out of the cache, so the refresh after a change does
        // not ask for it again (a 404).
        client.removeQueries({ queryKey: channelQueryKey(channel.path), exact: true });
      }
      if (!flush_uuid) return 'Saved.';
      const outcome = await poll(flush_uuid);
      if (outcome === 'DONE') return 'Saved; the magic tags’ GIFs are gathered again.';
      if (outcome === 'FAILED') return 'Saved, but gathering the magic tags’ GIFs failed.';
      return 'Saved; the magic tags’ GIFs are still being gathered.';
    });

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Edit channel
      </button>
    );
  return (
    <form
      className="edit-channel"
      aria-label="Edit channel"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {channel.is_root ? null : (
        <>
          <label>
            Name{' '}
            <input
              value={form.display_name}
              onChange={(e) => edit({ display_name: e.target.value })}
              // The button that opened the form is gone: the keyboard starts at the first field.
              autoFocus
              required
              maxLength={100}
            />
          </label>
          <label>
            Address{' '}
            <input
              value={form.slug}
              onChange={(e) => edit({ slug: e.target.value })}
              required
              maxLength={60}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              title="Small letters and digits, words joined by single hyphens"
              aria-describedby={slugHint}
            />
          </label>
          <p id={slugHint} className="hint">
            Its page: /{[...channel.ancestors.map((a) => a.slug), form.slug || '…'].join('/')}.
            Small letters and digits, words joined by single hyphens, not the same as a channel
            beside it.
          </p>
        </>
      )}
      <label>
        Description{' '}
        <textarea
          value={form.description}
          onChange={(e) => edit({ description: e.target.value })}
          autoFocus={channel.is_root}
          maxLength={1000}
        />
      </label>
      {channel.is_root ? null : (
        <label>
          <input
            type="checkbox"
            checked={form.is_visible}
            onChange={(e) => edit({ is_visible: e.target.checked })}
          />{' '}
          Visible to everyone (a hidden channel is seen only by its owner and staff)
        </label>
      )}
      {channel.is_root || !staff ? null : (
        <label>
          Type{' '}
          <select
            value={form.type}
            onChange={(e) => edit({ type: e.target.value as ChannelForm['type'] })}
          >
            <option value="community">Community (its owner’s GIFs)</option>
            <option value="editorial">Editorial (anyone’s GIFs)</option>
          </select>
        </label>
      )}
      {gifs.isPending ? <p className="loading">Loading the channel’s GIFs…</p> : null}
      <GifChoice
        legend="Featured GIF"
        none="No featured GIF"
        gifs={featuredChoices}
        value={form.featured}
        onChange={(featured) => edit({ featured })}
      />
      <GifChoice
        legend="Banner"
        none="No banner"
        gifs={listed}
        value={form.banner}
        onChange={(banner) => edit({ banner })}
        kept={
          before.banner === KEEP && channel.banner_image
            ? { label: 'The current banner', src: channel.banner_image }
            : null
        }
      />
      <button type="submit">Save</button>
      <button
        type="button"
        onClick={() => {
          setEdits({});
          setOpen(false);
        }}
      >
        Cancel
      </button>
    </form>
  );
}
