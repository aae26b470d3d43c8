import type { Gif } from '@jiffy/contracts';
import { pingback } from '@jiffy/widgets';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '../api/client.ts';
import { EditableTitle } from '../components/EditableTitle.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { FavoriteButton } from '../components/FavoriteButton.tsx';
import { GifGrid } from '../components/GifGrid.tsx';
import { GifMedia } from '../components/GifMedia.tsx';
import { missingAtLoad } from '../first-page/missing-page.ts';
import { ReportGif } from '../components/ReportGif.tsx';
import { AddToChannel } from '../channels/AddToChannel.tsx';
import { SharePanel } from '../components/SharePanel.tsx';
import { TagList } from '../components/TagList.tsx';
import { gifDescription, gifPageName } from '@jiffy/contracts/page-titles';
import { usePageTitle } from '../shell/use-page-title.ts';
import { queryKeys } from '../first-page/first-page-data.ts';

/** The id at the end of `/gifs/happy-dance-<id>` (or a bare `<id>`). */
const idOf = (slugId: string): string => slugId.slice(slugId.lastIndexOf('-') + 1);

/**
 * `/gifs/:slug-:id`: the GIF at its best rendition, its words, share and related GIFs. When the
 * server already found no GIF there, it says so without asking again.
 */
export default function GifPage() {
  const id = idOf(useParams().slugId ?? '');
  const missing = missingAtLoad(useLocation().pathname);
  const gif = useQuery({
    queryKey: queryKeys.gif(id),
    queryFn: async ({ signal }) => (await api.gif(id, { signal })).data,
    // As long as the API lets anyone keep it: the GIF the server wrote into the page is not
    // asked for again the moment the site takes over.
    staleTime: 30_000,
    enabled: !missing,
  });
  usePageTitle(
    gif.data ? gifPageName(gif.data) : gif.isError || missing ? 'GIF not found' : undefined,
    gif.data ? gifDescription(gif.data) : undefined,
  );
  if (missing || gif.isError) return <ErrorMessage message="This GIF could not be found." />;
  if (gif.isPending) return <p className="loading">Loading…</p>;
  if (!gif.data) return <ErrorMessage message="This GIF could not be found." />;
  return <GifDetails gif={gif.data} />;
}

function GifDetails({ gif }: { gif: Gif }) {
  const user = gif.user;
  // Opening a GIF's page is a view of it, as seeing its tile is (once per GIF per visit).
  useEffect(() => pingback(gif, 'SEEN'), [gif]);
  return (
    <article className="gif-page">
      <EditableTitle gif={gif} />
      <div className="gif-layout">
        <div>
          <GifMedia gif={gif} />
          <TagList tags={gif.tags} label="Tags" />
        </div>
        <aside>
          {user?.is_public ? (
            <Link className="attribution" to={`/${user.username}`}>
              {user.avatar_url ? <img src={user.avatar_url} alt="" width={48} height={48} /> : null}
              <span>
                <strong>
                  {user.attribution_display_name || user.display_name || user.username}
                </strong>
                <span>@{user.username}</span>
              </span>
            </Link>
          ) : null}
          <div className="gif-actions">
            <FavoriteButton gif={gif} />
            <ReportGif gif={gif} />
            <AddToChannel gif={gif} />
          </div>
          <SharePanel gif={gif} />
        </aside>
      </div>
      <section aria-labelledby="related-heading">
        <h2 id="related-heading">Related GIFs</h2>
        <GifGrid
          listKey={`related:${gif.id}`}
          fetchGifs={(offset) => api.related(gif.id, { offset, limit: 25 })}
        />
      </section>
    </article>
  );
}
