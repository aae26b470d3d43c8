import type { Gif } from '@jiffy/contracts';

/** What a person calls a scheduled GIF: its title, else its id (a GIF no longer served). */
export const scheduledGifName = (gifId: string, gif: Gif | undefined) => gif?.title || gifId;

/** A scheduled GIF as its small still and title, linking to its page. */
export function ScheduledGifLink({ gifId, gif }: { gifId: string; gif: Gif | undefined }) {
  const still = gif?.images.fixed_height_small_still ?? gif?.images.fixed_height_still;
  return (
    <a className="scheduled-gif" href={`/gifs/${gif?.slug ?? gifId}`}>
      {still?.url ? (
        <img
          src={still.url}
          alt=""
          width={Number(still.width) || undefined}
          height={Number(still.height) || undefined}
          loading="lazy"
        />
      ) : null}
      <span>{scheduledGifName(gifId, gif)}</span>
    </a>
  );
}
