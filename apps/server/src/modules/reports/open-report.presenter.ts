import type { OpenReport } from './report.repository.ts';

export interface PresentedOpenReport extends Omit<OpenReport, 'created_at'> {
  created_at: string;
}

/** An open report as moderators' calls show it (`openGifReportsAnswer`). */
export const presentOpenReport = (report: OpenReport): PresentedOpenReport => ({
  id: report.id,
  gif_id: report.gif_id,
  reason: report.reason,
  note: report.note,
  reporter_user_id: report.reporter_user_id,
  created_at: report.created_at.toISOString(),
});
