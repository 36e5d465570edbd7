import type { FeatureArea } from '../feature-area.js';
import { housekeepingJobs } from './jobs.js';

/** Jobs that keep the database tidy (ADR 0018). */
export const housekeepingArea: FeatureArea = {
  name: 'housekeeping',
  jobs: (deps) => housekeepingJobs(deps, deps.log),
};
