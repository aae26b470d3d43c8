import { useQuery } from '@tanstack/react-query';
import { useSession } from '../account/use-session.ts';
import { ChannelTiles } from '../channels/ChannelTiles.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { PersonCards } from '../directory/PersonCards.tsx';
import { StudioCuration, UnfeatureButton } from '../studios/StudioCuration.tsx';
import { studiosApi, studiosKey } from '../studios/studios-api.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/studios`: the channels and creators this instance's staff feature; staff choose them here. */
export default function StudiosPage() {
  usePageTitle('Studios');
  const session = useSession();
  const role = session.data?.user?.role;
  const staff = role === 'moderator' || role === 'admin';
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
      {studios.isSuccess && channels.length === 0 && creators.length === 0 ? (
        <p>Nothing is featured yet.</p>
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
