// bench/compression: what compressing pages and API answers costs and saves. One Jiffy (in its
// own process, on loopback) answers the same requests as they are, in gzip and in brotli: bytes
// sent, latency under load on loopback, the time the answer would take on a slow link, and what
// other compression levels would have given for the same bodies.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { COMPRESSION } from '../../apps/server/src/platform/http/compression.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** A slow mobile link: Lighthouse's throttled 1.6 Mbit/s with a 150 ms round trip. */
const SLOW_LINK = { bitsPerSecond: 1.6e6, rttMs: 150 };

const child = spawn(
  process.execPath,
  [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts')],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const [line] = (await once(child.stdout, 'data')) as [Buffer];
const { origin, apiKey } = JSON.parse(line.toString()) as { origin: string; apiKey: string };

const answers: [name: string, path: string, accept: string][] = [
  ['GIPHY search, 25 GIFs', `/v1/gifs/search?q=cat&limit=25&api_key=${apiKey}`, '*/*'],
  ['GIPHY trending, 25 GIFs', `/v1/gifs/trending?limit=25&api_key=${apiKey}`, '*/*'],
  ['Tenor search, 20 posts', `/v2/search?q=dance&limit=20&key=${apiKey}`, '*/*'],
  ['home page HTML', '/', 'text/html'],
  ['GIF page HTML', '/gifs/happy-dance-bench7', 'text/html'],
];
const encodings = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof encodings)[number];

/** One answer's bytes as sent (not decoded), with the encoding the server chose. */
function fetchRaw(url: string, accept: string, encoding: Encoding) {
  return new Promise<{ status: number; sent: string; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { accept, 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            sent: res.headers['content-encoding'] ?? 'identity',
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function load(url: string, accept: string, encoding: Encoding) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { accept, 'accept-encoding': encoding },
  });
  if (result.errors + result.non2xx > 0) throw new Error(`${url} (${encoding}): errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const bytes = new Map<string, number>();
  const bodies = new Map<string, Buffer>();
  for (const [name, answerPath, accept] of answers) {
    for (const encoding of encodings) {
      const raw = await fetchRaw(origin + answerPath, accept, encoding);
      if (raw.status !== 200 || raw.sent !== encoding)
        throw new Error(`${name}: ${raw.status}, ${raw.sent} for ${encoding}`);
      bytes.set(`${name}/${encoding}`, raw.body.length);
      if (encoding === 'identity') bodies.set(name, raw.body);
    }
  }

  // Warm up, then every answer in every encoding once per round, in turn, so a slow moment of
  // the machine hits them alike; the figures are medians over rounds.
  await load(origin + answers[0]![1], '*/*', 'br');
  const runs = new Map<string, { p50: number; p99: number; rps: number }[]>();
  for (let round = 0; round < roundCount; round++) {
    for (const [name, answerPath, accept] of answers) {
      for (const encoding of encodings) {
        const key = `${name}/${encoding}`;
        runs.set(key, [
          ...(runs.get(key) ?? []),
          await load(origin + answerPath, accept, encoding),
        ]);
      }
    }
  }

  const slowLinkMs = (size: number, serverMs: number) =>
    serverMs + SLOW_LINK.rttMs + (size * 8 * 1000) / SLOW_LINK.bitsPerSecond;
  console.log(
    `\n${connections} connections, ${roundCount} rounds of ${seconds} s; brotli quality ${COMPRESSION.brotliQuality}, gzip level ${COMPRESSION.gzipLevel}; slow link ${SLOW_LINK.bitsPerSecond / 1e6} Mbit/s + ${SLOW_LINK.rttMs} ms RTT\n`,
  );
  console.log(
    '| answer | encoding | bytes | vs identity | req/s | p50 ms | p99 ms | slow link ms | vs identity |',
  );
  console.log('| --- | --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const [name] of answers) {
    const plain = bytes.get(`${name}/identity`)!;
    const plainRuns = runs.get(`${name}/identity`)!;
    const plainSlow = slowLinkMs(plain, median(plainRuns.map((r) => r.p50)));
    for (const encoding of encodings) {
      const key = `${name}/${encoding}`;
      const size = bytes.get(key)!;
      const figures = runs.get(key)!;
      const p50 = median(figures.map((r) => r.p50));
      const slow = slowLinkMs(size, p50);
      console.log(
        `| ${name} | ${encoding} | ${size} | ${(size / plain).toFixed(2)}x | ${Math.round(median(figures.map((r) => r.rps)))} | ${p50} | ${median(figures.map((r) => r.p99))} | ${Math.round(slow)} | ${(slow / plainSlow).toFixed(2)}x |`,
      );
    }
  }

  // Levels: the same bodies compressed in this process, one at a time (the median of 9).
  const timed = (compress: () => Buffer) => {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      size = compress().length;
      times.push(performance.now() - started);
    }
    return { size, ms: median(times) };
  };
  const levels: (readonly [string, (body: Buffer) => Buffer])[] = [
    ...[1, 4, 5, 6, 9].map(
      (level) => [`gzip ${level}`, (body: Buffer) => zlib.gzipSync(body, { level })] as const,
    ),
    ...[1, 3, 4, 5, 6, 8, 11].map(
      (quality) =>
        [
          `brotli ${quality}`,
          (body: Buffer) =>
            zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
        ] as const,
    ),
  ];
  console.log('\nCompression levels on the same bodies: bytes and CPU ms to compress one\n');
  console.log(`| level | ${answers.map(([name]) => name).join(' | ')} |`);
  console.log(`| --- | ${answers.map(() => '--:').join(' | ')} |`);
  console.log(`| none | ${answers.map(([name]) => `${bodies.get(name)!.length} B`).join(' | ')} |`);
  for (const [level, compress] of levels) {
    const cells = answers.map(([name]) => {
      const { size, ms } = timed(() => compress(bodies.get(name)!));
      return `${size} B, ${ms.toFixed(2)} ms`;
    });
    console.log(`| ${level} | ${cells.join(' | ')} |`);
  }
} finally {
  child.kill('SIGTERM');
}
