import type { FeatureArea } from '../feature-area.js';
import { calendarFeedRoutes } from './routes.js';

/** Each student's private iCalendar feed (ADR 0014). */
export const calendarFeedArea: FeatureArea = {
  name: 'calendar-feed',
  lmsRoutes: [calendarFeedRoutes],
  migrations: ['0013-calendar-feed'],
};
