import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { authorize, type Actor } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { UserRepository } from '../users/index.ts';
import { csvChunks } from './staff-csv.ts';
import type { StaffFilters } from './staff-search-input.schema.ts';
import type { ExportedGifRow, StaffSearchRepository } from './staff-search.repository.ts';

/** How long an e-mailed export's link works. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;

/** `<user id>-<32 hex>`: whose export it is, and a secret no one can guess. */
const EXPORT_ID = /^([A-Za-z0-9_-]{1,64})-([0-9a-f]{32})$/;

export interface CsvExportDeps {
  search: StaffSearchRepository;
  queue: JobQueue;
  mailer: Mailer;
  users: UserRepository;
  /** Where finished exports wait for their download (`DATA_DIR/exports`). */
  dir: string;
  publicUrl: string;
}

/**
 * Staff exports too big to wait for: a job writes the CSV to a file and mails its requester a
 * link, which works for them alone (signed in, still staff) for a day.
 */
export class CsvExportService {
  readonly #deps: CsvExportDeps;
  constructor(deps: CsvExportDeps) {
    this.#deps = deps;
  }

  /** Queues the export; answers the address the link will go to. */
  async request(actor: Actor | null, filters: StaffFilters): Promise<{ email: string }> {
    authorize(actor, 'gif.moderate');
    const user = await this.#deps.users.findById(actor.id);
    if (!user?.email)
      throw new AppError('invalid_request', 'Your account has no e-mail address to send it to.');
    const exportId = `${actor.id}-${randomBytes(16).toString('hex')}`;
    await this.#deps.queue.enqueue({
      name: 'staff-search.export-csv',
      data: { exportId, userId: actor.id, filters },
    });
    return { email: user.email };
  }

  /**
   * The job: writes the CSV beside its final name and renames it when whole (a crash leaves no
   * half file behind a link), then mails the link. Also drops exports past their day.
   */
  async write(exportId: string, userId: string, filters: StaffFilters): Promise<void> {
    const { dir } = this.#deps;
    await fs.mkdir(dir, { recursive: true });
    await this.#sweep();
    const user = await this.#deps.users.findById(userId);
    if (!user?.email) return;
    let rows = 0;
    const counted = async function* (pages: AsyncIterable<ExportedGifRow[]>) {
      for await (const page of pages) {
        rows += page.length;
        yield page;
      }
    };
    const file = path.join(dir, `${exportId}.csv`);
    const partial = `${file}.partial`;
    await pipeline(
      Readable.from(csvChunks(counted(this.#deps.search.all(filters)), this.#deps.publicUrl)),
      createWriteStream(partial),
    );
    await fs.rename(partial, file);
    await this.#deps.mailer.send({
      to: user.email,
      subject: `Your Jiffy export is ready (${rows} GIFs)`,
      text: [
        `The CSV of the ${rows} GIFs your content search found is ready:`,
        `${this.#deps.publicUrl}/api/v1/search-service/exports/${exportId}.csv`,
        '',
        'The link works for you alone, signed in, for 24 hours.',
      ].join('\n'),
    });
  }

  /** The export file for its requester while it is fresh; anyone else is told nothing. */
  async open(actor: Actor | null, name: string): Promise<Readable> {
    authorize(actor, 'gif.moderate');
    const match = EXPORT_ID.exec(name.replace(/\.csv$/, ''));
    const notFound = new AppError('not_found', 'No such export, or it has expired.');
    if (!match || match[1] !== actor.id) throw notFound;
    const file = path.join(this.#deps.dir, `${match[0]}.csv`);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || Date.now() - stat.mtimeMs > EXPORT_TTL_MS) throw notFound;
    return createReadStream(file);
  }

  async #sweep(): Promise<void> {
    const { dir } = this.#deps;
    for (const entry of await fs.readdir(dir)) {
      const file = path.join(dir, entry);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > EXPORT_TTL_MS) await fs.rm(file, { force: true });
    }
  }
}
