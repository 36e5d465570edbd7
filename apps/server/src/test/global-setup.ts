import { ensurePgliteTemplate } from './pglite-template.js';

/** Vitest global set-up of the PGlite server project: one migrated template for every test file. */
export default async function setup(): Promise<void> {
  process.env.WAYPOINT_PGLITE_TEMPLATE = await ensurePgliteTemplate();
}
