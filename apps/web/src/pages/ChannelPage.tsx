import type { ChannelObject } from '@jiffy/contracts';
import { channelPathParts } from '@jiffy/contracts/channel-path';
import { channelPageName } from '@jiffy/contracts/page-titles';
import type { GifsResult } from '@jiffy/fetch-api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { reportChannelFeedPage } from '../analytics/page-views.ts';
import { api } from '../api/client.ts';
import { pathOfSource } from '../backdrop/backdrop-source.ts';
import { useExperiment } from '../labs/experiments.ts';
import { ChannelHeader } from '../channels/ChannelHeader.tsx';
import { ChannelManager } from '../channels/ChannelManager.tsx';
import { ChannelTiles } from '../channels/ChannelTiles.tsx';
import { channelApi, channelQueryKey } from '../channels/channel-api.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { GifGrid } from '../components/GifGrid.tsx';
import { listKeys, queryKeys } from '../first-page/first-page-data.ts';
import { missingAtLoad } from '../first-page/missing-page.ts';
import NotFoundPage from './NotFoundPage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

const PAGE = 25;
/**
 * The channel and its channels as the server wrote this page from them (a signed-out visitor's
 * first load) are not asked for again on mount; changes the manager makes refresh them anyway.
 */
const WRITTEN_FRESH_MS = 30_000;
const STAFF = ['moderator', 'admin'];

/**
 * `/<username>` and `/<username>/<slug>/…`: a channel, its sub-channels as tiles, its
 * ranked tags as tabs, its feed in the masonry and a search inside it; its owner (or staff)
 * manages it here too. An unknown or hidden path is the 404 page; one that no channel can
 * have, or that the server already found nothing at, is that page without asking the API.
 */
export default function ChannelPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const segments = [params.channel ?? '', ...(params['*'] ?? '').split('/')].filter(Boolean);
  const path = segments.join('/');
  const nothingThere = !channelPathParts(segments) || missingAtLoad(pathname);
  const channel = useQuery({
    queryKey: channelQueryKey(path),
    queryFn: () => channelApi.byPath(path).catch(() => null),
    enabled: !nothingThere,
    staleTime: WRITTEN_FRESH_MS,
  });
  usePageTitle(
    channel.data
      ? channelPageName(channel.data)
      : channel.isPending && !nothingThere
        ? undefined
        : 'Page not found',
    channel.data?.description,
  );
  if (nothingThere) return <NotFoundPage />;
  if (channel.isPending) return <p className="loading">Loading…</p>;
  if (!channel.data) return <NotFoundPage />;
  return <ChannelView key={channel.data.id} channel={channel.data} />;
}

function ChannelView({ channel }: { channel: ChannelObject }) {
  const backdrops = useExperiment('backdrop');
  const session = useSession();
  // The tab is in the query string (`?tag=moon`), as the search page keeps its kind: a reload,
  // a shared link or the back button shows the same tab. An unknown tag is the All tab.
  const [query, setQuery] = useSearchParams();
  const asked = query.get('tag');
  const tag = channel.tags.some((t) => t.tag === asked) ? (asked ?? undefined) : undefined;
  const [words, setWords] = useState('');
  const [searched, setSearched] = useState('');
  // Bumped by the owner's changes, so the feed is read again.
  const [version, setVersion] = useState(0);
  // Whether the tab's feed found nothing: its owner is then shown how to fill it.
  const [feedEmpty, setFeedEmpty] = useState(false);
  const children = useQuery({
    queryKey: queryKeys.channelChildren(channel.id),
    queryFn: () => channelApi.children(channel.id),
    staleTime: WRITTEN_FRESH_MS,
  });
  const me = session.data?.user;
  const owns = !!me && me.username.toLowerCase() === channel.user.username.toLowerCase();
  // The server lets moderators and admins change anyone's channel (`channel.edit`).
  const staff = !!me && STAFF.includes(me.role);
  const fetchFeed = async (offset: number): Promise<GifsResult> => {
    const page = { offset, limit: PAGE };
    reportChannelFeedPage(channel.path, page);
    const answer = await channelApi.feed(channel.id, { ...page, tag });
    return { ...answer, meta: { status: 200, msg: 'OK', response_id: '' } };
  };
  return (
    <>
      <ChannelHeader channel={channel} />
      {backdrops && channel.is_visible ? (
        <p>
          <Link to={pathOfSource({ kind: 'channel', id: channel.id })}>Play as a backdrop</Link>
        </p>
      ) : null}
      {owns || staff ? (
        <ChannelManager
          channel={channel}
          staff={staff}
          siblings={children.data ?? []}
          onChanged={() => setVersion((v) => v + 1)}
        />
      ) : null}
      <ChannelTiles channels={children.data ?? []} label="Channels" />
      <form
        className="channel-search"
        role="search"
        aria-label="Channel search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(words.trim());
        }}
      >
        <input
          type="search"
          aria-label={`Search ${channel.display_name}`}
          placeholder={`Search ${channel.display_name}`}
          value={words}
          onChange={(event) => setWords(event.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      {searched ? (
        <>
          <p>
            Results for “{searched}” in {channel.display_name}{' '}
            <button type="button" onClick={() => setSearched('')}>
              Back to the channel
            </button>
          </p>
          <GifGrid
            listKey={`channel-search:${channel.id}:${searched}`}
            noResultsMessage="Nothing in this channel matches."
            fetchGifs={(offset) =>
              api.search(`@${channel.path} ${searched}`, { offset, limit: PAGE })
            }
          />
        </>
      ) : (
        <>
          {channel.tags.length > 0 ? (
            <div className="channel-tabs" role="tablist" aria-label="Tags">
              {[undefined, ...channel.tags.map((t) => t.tag)].map((t) => (
                <button
                  key={t ?? ''}
                  type="button"
                  role="tab"
                  aria-selected={tag === t}
                  onClick={() => setQuery(t ? { tag: t } : {})}
                >
                  {t ? `#${t}` : 'All'}
                </button>
              ))}
            </div>
          ) : null}
          <GifGrid
            // The server writes a signed-out visitor's first page under the key without a version.
            listKey={`${listKeys.channel(channel.id, tag)}${version ? `:${version}` : ''}`}
            noResultsMessage="No GIFs here yet."
            fetchGifs={fetchFeed}
            onFirstPage={(count) => setFeedEmpty(count === 0)}
          />
          {feedEmpty && owns && !tag ? <FillYourChannel channel={channel} /> : null}
        </>
      )}
    </>
  );
}

/**
 * An owner's empty channel: what fills it and the way there. A user's own channel shows their
 * uploads; a channel inside it the GIFs they add with the manager above.
 */
function FillYourChannel({ channel }: { channel: ChannelObject }) {
  return (
    <EmptyState title="Fill your channel" steps={[{ to: '/upload', label: 'Upload a GIF' }]}>
      {channel.is_root
        ? 'Everything you upload shows here, newest first.'
        : 'Add GIFs you uploaded, by their links or by a magic tag, with the tools above; or upload a new one.'}
    </EmptyState>
  );
}
