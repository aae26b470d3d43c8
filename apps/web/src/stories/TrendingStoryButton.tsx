import { useState } from 'react';
import { useSession } from '../account/use-session.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { putOnTrending, type Story } from './story-api.ts';

/** For staff reading a published story: put it on trending stories (the top of /stories). */
export function TrendingStoryButton({ story }: { story: Story }) {
  const session = useSession();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const role = session.data?.user?.role ?? '';
  if (!story.is_published || !['moderator', 'admin'].includes(role)) return null;
  return (
    <div className="action-row">
      <button
        type="button"
        className="secondary"
        disabled={state !== 'idle'}
        onClick={() => {
          setState('busy');
          putOnTrending(story.story_id).then(
            () => setState('done'),
            (failure: Error) => {
              setError(failure.message);
              setState('idle');
            },
          );
        }}
      >
        {state === 'done' ? 'On trending stories' : 'Put on trending stories'}
      </button>
      {error ? <ErrorMessage message={error} /> : null}
    </div>
  );
}
