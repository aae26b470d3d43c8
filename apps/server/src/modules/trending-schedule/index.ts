// The trending-schedule module's face: what the rest of the server may use of it.
export { ScheduleRepository } from './schedule.repository.ts';
export { scheduleRoutes } from './schedule.routes.ts';
export { PAST_GRACE_MS, ScheduleService } from './schedule.service.ts';
