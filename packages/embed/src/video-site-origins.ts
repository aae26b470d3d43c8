/** The two video sites the player can show a GIF's source video from. */
export const YOUTUBE_ORIGIN = 'https://www.youtube.com';
export const VIMEO_ORIGIN = 'https://player.vimeo.com';
