import { describe, expect, it } from 'vitest';
import { externalMediaOf } from './external-media.ts';

describe('externalMediaOf', () => {
  it('reads youtube and vimeo links, with their start time', () => {
    expect(externalMediaOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toEqual({
      provider_name: 'youtube',
      asset_uid: 'dQw4w9WgXcQ',
      start: 90,
    });
    expect(externalMediaOf('https://youtu.be/dQw4w9WgXcQ?t=42')).toMatchObject({ start: 42 });
    expect(externalMediaOf('https://m.youtube.com/shorts/abcdefgh')).toMatchObject({
      asset_uid: 'abcdefgh',
    });
    expect(externalMediaOf('https://vimeo.com/76979871#t=15s')).toEqual({
      provider_name: 'vimeo',
      asset_uid: '76979871',
      start: 15,
    });
  });

  it('ignores other sites, malformed ids and non-web schemes', () => {
    for (const url of [
      null,
      'not a url',
      'https://dailymotion.com/video/x7',
      'https://www.youtube.com/watch?v=<script>',
      'javascript://youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
    ]) {
      expect(externalMediaOf(url), String(url)).toBeNull();
    }
  });
});
