import type { ReportReason } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { presentOpenReport, type PresentedOpenReport } from './open-report.presenter.ts';
import type { ReportRepository } from './report.repository.ts';

/** Reports of GIFs: anyone files one, moderators read the open ones. */
export class GifReportService {
  readonly #reports: ReportRepository;

  constructor(reports: ReportRepository) {
    this.#reports = reports;
  }

  /**
   * Files a report of a ready GIF. No such GIF is `gif_not_found`; a second report of the same
   * GIF by the same signed-in user is `already_reported`.
   */
  async report(input: {
    gifId: string;
    reason: ReportReason;
    note: string;
    reporterUserId: string | null;
  }): Promise<void> {
    const outcome = await this.#reports.add(input);
    if (outcome === 'no_gif') throw new AppError('gif_not_found', 'No GIF with that id.');
    if (outcome === 'duplicate')
      throw new AppError(
        'already_reported',
        'You already reported this GIF; a moderator will look at it.',
      );
  }

  /** The oldest open reports, at most `limit`. */
  async listOpen(limit: number): Promise<PresentedOpenReport[]> {
    return (await this.#reports.listOpen(limit)).map(presentOpenReport);
  }
}
