import { expect } from 'vitest';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { runProcess } from '../process.ts';

/**
 * Test helper: an MP4's frame delays as a player shows them, read back by ffprobe: each frame lasts until
 * the next one starts (packet times, in presentation order), the last one until the video ends.
 */
export async function mp4DelaysOf(file: string): Promise<number[]> {
  const { ffprobePath } = await resolveFfmpeg();
  expect(ffprobePath, 'ffprobe').not.toBeNull();
  const args = ['-v', 'error', '-select_streams', 'v:0', '-of', 'json'];
  args.push('-show_entries', 'packet=pts_time:format=duration', file);
  const result = await runProcess({
    file: ffprobePath!,
    args,
    timeoutMs: 10_000,
    maxStdoutBytes: 1 << 20,
  });
  expect(result.code, result.stderr).toBe(0);
  const read = JSON.parse(result.stdout.toString()) as {
    packets: Array<{ pts_time: string }>;
    format: { duration: string };
  };
  const ms = (seconds: string) => Math.round(Number(seconds) * 1000);
  const starts = read.packets.map((p) => ms(p.pts_time)).sort((a, b) => a - b);
  const ends = [...starts.slice(1), ms(read.format.duration)];
  return starts.map((start, i) => ends[i]! - start);
}
