import { roleMay } from '@jiffy/contracts/role-permissions';
import { useQuery } from '@tanstack/react-query';
import { useSession, type SessionUser } from '../account/use-session.ts';
import { ChannelTiles } from '../channels/ChannelTiles.tsx';
import { EmptyState, joinOrLogIn } from '../components/EmptyState.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { PersonCards } from '../directory/PersonCards.tsx';
import { StudioCuration, UnfeatureButton } from '../studios/StudioCuration.tsx';
import { studiosApi, studiosKey } from '../studios/studios-api.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/studios`: the channels and creators this instance's staff feature; staff choose them here. */
export default function StudiosPage() {
  usePageTitle('Studios');
  const session = useSession();
  const user = session.data?.user ?? null;
  const staff = roleMay(user?.role, 'studios.curate');
  const studios = useQuery({ queryKey: studiosKey, queryFn: studiosApi.list });
  const channels = studios.data?.channels ?? [];
  const creators = studios.data?.creators ?? [];
  const featureOf = new Map(channels.map((c) => [c.channel.id, c.feature_id]));
  const featureOfCreator = new Map(creators.map((c) => [c.creator.id, c.feature_id]));
  return (
    <section className="studios-page">
      <h1>Studios</h1>
      <p>Channels and creators this instance’s editors think you should see.</p>
      {staff ? <StudioCuration /> : null}
      {studios.isPending ? <p className="loading">Loading…</p> : null}
      {studios.error ? <ErrorMessage message={studios.error.message} /> : null}
      {studios.isSuccess && channels.length === 0 && creators.length === 0 && !session.isPending ? (
        <NothingFeatured user={user} />
      ) : null}
      {channels.length ? <h2 id="studio-channels">Featured channels</h2> : null}
      <ChannelTiles
        channels={channels.map((c) => c.channel)}
        label="Featured channels"
        after={(channel) =>
          staff ? (
            <UnfeatureButton featureId={featureOf.get(channel.id)!} name={channel.display_name} />
          ) : null
        }
      />
      {creators.length ? <h2 id="studio-creators">Featured creators</h2> : null}
      {creators.length ? (
        <PersonCards
          people={creators.map((c) => c.creator)}
          label="Featured creators"
          after={(person) =>
            staff ? (
              <UnfeatureButton
                featureId={featureOfCreator.get(person.id)!}
                name={person.display_name || person.username}
              />
            ) : null
          }
        />
      ) : null}
    </section>
  );
}

/**
 * Nothing featured yet: the editors (`studios.curate`) are pointed at their form; everyone else
 * at what gets a channel featured (GIFs in it, a creator's badge) and at the artists meanwhile.
 */
function NothingFeatured({ user }: { user: SessionUser | null }) {
  const title = 'Nothing is featured yet';
  if (roleMay(user?.role, 'studios.curate'))
    return (
      <EmptyState title={title} steps={[{ to: '/artists', label: 'Find creators to feature' }]}>
        Feature a channel or a creator with the form above: its address, or their username.
      </EmptyState>
    );
  const artists = { to: '/artists', label: 'Meet the artists' };
  if (!user)
    return (
      <EmptyState
        title={title}
        steps={[...joinOrLogIn({ joinNext: '/upload', logInNext: '/studios' }), artists]}
      >
        The editors feature channels and creators here. Join to upload GIFs of your own, and your
        channel could be next.
      </EmptyState>
    );
  return (
    <EmptyState
      title={title}
      steps={[
        { to: '/upload', label: 'Upload a GIF' },
        ...(roleMay(user.role, 'application.apply') && !user.is_verified
          ? [{ to: '/apply', label: 'Apply to be a creator' }]
          : [{ to: `/${user.username}`, label: 'Your channel' }]),
        artists,
      ]}
    >
      The editors feature channels and creators here. Fill your channel with GIFs, and it could be
      next.
    </EmptyState>
  );
}
