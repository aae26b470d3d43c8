import { roleMay } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import type {
  CreatorApplicationRepository,
  OwnApplication,
  PendingApplication,
} from './creator-application.repository.ts';

/** A pending application as moderators' calls show it (`pendingApplicationsAnswer`). */
export type PresentedApplication = Omit<PendingApplication, 'created_at'> & { created_at: string };

const presentApplication = (application: PendingApplication): PresentedApplication => ({
  ...application,
  created_at: application.created_at.toISOString(),
});

/**
 * Becoming a verified creator: a user applies, one application at a time, and a moderator
 * approves (role creator, verified badge) or rejects it.
 */
export class CreatorApplicationService {
  readonly #applications: CreatorApplicationRepository;

  constructor(applications: CreatorApplicationRepository) {
    this.#applications = applications;
  }

  /** Files `applicant`'s application; its id. Creators and staff have nothing to apply for. */
  async apply(
    applicant: { id: string; role: string },
    input: { message: string; portfolioUrl: string | null },
  ): Promise<string> {
    if (!roleMay(applicant.role, 'application.apply'))
      throw new AppError('invalid_request', 'You are already a creator or staff.');
    const id = randomBase62(16);
    const recorded = await this.#applications.insertPending({ id, userId: applicant.id, ...input });
    if (!recorded)
      throw new AppError('invalid_request', 'You already have an application waiting for review.');
    return id;
  }

  /** `applicant`'s latest application, pending or decided; null when they never applied. */
  async latestOf(applicant: { id: string }): Promise<OwnApplication | null> {
    return (await this.#applications.latestOf(applicant.id)) ?? null;
  }

  /** The oldest applications waiting for review, at most `limit`. */
  async listPending(limit: number): Promise<PresentedApplication[]> {
    return (await this.#applications.listPending(limit)).map(presentApplication);
  }

  /**
   * Approves or rejects a pending application, with the moderator's note to the applicant (none
   * when empty); `not_found` when none has that id.
   */
  async decide(options: {
    id: string;
    reviewerId: string;
    status: 'approved' | 'rejected';
    note: string | null;
  }): Promise<void> {
    if (!(await this.#applications.decide(options)))
      throw new AppError('not_found', 'No pending application with that id.');
  }
}
