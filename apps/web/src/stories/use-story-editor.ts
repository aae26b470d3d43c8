import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { deleteStory, saveStory, storyById } from './story-api.ts';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  forgetDraft,
  keepDraft,
  loadDraft,
  type Draft,
} from './story-draft.ts';

/**
 * The editor's state: the saved story, or the unsaved changes left in localStorage (which win,
 * so a reload loses nothing), and the save, delete and discard actions.
 */
export function useStoryEditor(storyId: string | null) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [kept] = useState(() => loadDraft(storyId));
  const [draft, setDraft] = useState<Draft | null>(kept ?? (storyId ? null : emptyDraft()));
  const [dirty, setDirty] = useState(kept !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new story, once saved, becomes its own page (a new editor): what the save said comes
  // along in the history entry's state, so the status line is not gone the moment it appears.
  const location = useLocation();
  const carried = (location.state as { notice?: unknown } | null)?.notice;
  const [notice, setNotice] = useState<string | null>(
    kept ? 'Unsaved changes restored.' : typeof carried === 'string' ? carried : null,
  );
  // Taken once: the entry keeps no notice, so a reload of the page does not say it again.
  useEffect(() => {
    if (carried !== undefined)
      void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [carried, navigate, location.pathname, location.search]);
  const saved = useQuery({
    queryKey: ['story-by-id', storyId],
    queryFn: () => storyById(storyId!),
    enabled: storyId !== null,
  });

  useEffect(() => {
    if (draft === null && saved.data) setDraft(draftOf(saved.data));
  }, [draft, saved.data]);
  useEffect(() => {
    if (dirty && draft) keepDraft(draft);
  }, [dirty, draft]);

  const change = (update: (draft: Draft) => Draft) => {
    setDraft((before) => (before ? update(before) : before));
    setDirty(true);
    setNotice(null);
  };

  /** PUT when the story has a story_id, POST otherwise (saveStory decides). */
  const save = async (publish: boolean) => {
    if (!draft) return;
    setBusy(true);
    setError(null);
    try {
      const story = await saveStory(draft.story_id, bodyOf(draft, publish));
      forgetDraft(draft.story_id);
      client.setQueryData(['story-by-id', story.story_id], story);
      void client.invalidateQueries({ queryKey: ['stories'] });
      setDirty(false);
      setDraft(draftOf(story));
      const said = !story.is_published
        ? 'Saved as a draft.'
        : Date.parse(story.publish_datetime ?? '') > Date.now()
          ? `Scheduled for ${new Date(story.publish_datetime!).toLocaleString()}.`
          : 'Published.';
      setNotice(said);
      if (!draft.story_id)
        void navigate(`/dashboard/stories/${story.story_id}`, {
          replace: true,
          state: { notice: said },
        });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!draft?.story_id) return;
    setBusy(true);
    try {
      await deleteStory(draft.story_id);
      forgetDraft(draft.story_id);
      void client.invalidateQueries({ queryKey: ['stories'] });
      void navigate('/dashboard/stories');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  const discard = () => {
    forgetDraft(storyId);
    setDirty(false);
    setNotice(null);
    // Back to the saved story (shown as soon as it has loaded), or to a blank new one.
    setDraft(saved.data ? draftOf(saved.data) : storyId ? null : emptyDraft());
  };

  return { draft, saved, change, save, remove, discard, dirty, busy, error, notice };
}
