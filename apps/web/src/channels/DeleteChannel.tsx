import type { ChannelObject } from '@jiffy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { channelApi, channelQueryKey } from './channel-api.ts';

/**
 * "Delete channel": after the server removes it (sub-channels too) the page goes to the parent,
 * and only then are the deleted channel's cached reads dropped and the parent's marked stale.
 * The manager's usual refresh would instead re-ask for the deleted channel (404s).
 */
export function DeleteChannel(props: {
  channel: ChannelObject;
  /** Says what went wrong, in the server's words. */
  onFailed: (message: string) => void;
}) {
  const { channel } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const parent = channel.ancestors.at(-1);
  const remove = async () => {
    try {
      await channelApi.remove(channel.id);
    } catch (error) {
      props.onFailed(error instanceof Error ? error.message : String(error));
      return;
    }
    await navigate(`/${parent?.path ?? channel.user.username}`);
    const gone = (key: readonly unknown[]) =>
      (typeof key[0] === 'string' && key[0].startsWith('channel') && key.includes(channel.id)) ||
      (key[0] === 'channel' && typeof key[1] === 'string' && isAtOrUnder(key[1], channel.path));
    client.removeQueries({ predicate: (query) => gone(query.queryKey) });
    if (parent) {
      await client.invalidateQueries({ queryKey: ['channel-children', parent.id] });
      await client.invalidateQueries({ queryKey: channelQueryKey(parent.path) });
    }
  };
  return (
    <ConfirmButton
      label="Delete channel"
      title={`Delete ${channel.display_name} and the channels inside it?`}
      message="Their GIFs stay on Jiffy; the channels cannot be brought back."
      confirmLabel="Delete channel"
      onConfirm={() => void remove()}
    />
  );
}

/** Whether the channel path `path` is `deleted` or one of its sub-channels' (any case). */
const isAtOrUnder = (path: string, deleted: string) => {
  const p = path.toLowerCase();
  const d = deleted.toLowerCase();
  return p === d || p.startsWith(`${d}/`);
};
