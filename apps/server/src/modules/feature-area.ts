import type { Command } from 'commander';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ScheduledJob } from '../platform/job-queue.js';
import type { AreaCommand } from './operator/area-command.js';

// What a feature area is (docs/decisions/0020 "Feature areas"). This file imports no module's code:
// its one module import is the type of an operator command (operator/area-command.ts, itself types
// only), so every module.ts may import it and areas.ts lists them without a cycle.

/** What each route plugin of an area receives besides the app. */
export interface AreaRouteOptions {
  /** Every area's operator commands: the operator API serves them (operator/routes.ts). */
  operatorCommands: readonly AreaCommand[];
}

/** A route plugin of an area (Fastify encapsulates it: its hooks and parsers stay its own). */
export type AreaRoutes = FastifyPluginAsync<AreaRouteOptions>;

/**
 * How an area's command-line options reach its operator command: `run(name, input, options)`
 * drops undefined options, runs the command (own database or the running server) and prints its
 * result (`--json`: as JSON; else the command's `format`). `upload` is a local file's path sent
 * as the command's file; `text` reads a local text file into one field of the input. A file that
 * cannot be read ends the command with exit code 1.
 */
export type RunAreaCommand = (
  name: string,
  input: Record<string, unknown>,
  options: { json?: boolean; upload?: string; text?: { field: string; file: string } },
) => Promise<void>;

/** An area's command-line part: it adds its commands to the `waypoint` program. */
export type AreaCli = (program: Command, run: RunAreaCommand) => void;

/**
 * What a background job of an area is given: what the app's routes reach as `app.deps` (the
 * database, config, clock, the instance's state), and a line to the server's log.
 */
export type AreaJobDeps = FastifyInstance['deps'] & {
  log: (line: string) => void;
};

/**
 * Everything one area contributes, declared in its `modules/<area>/module.ts` and listed once in
 * `modules/areas.ts`: app.ts registers the routes, the operator API and the CLI take the commands,
 * main.ts starts the jobs, and a test checks every migration has one owner.
 */
export interface FeatureArea {
  /** The area's folder under modules/. */
  name: string;
  /** Routes under /lms (the spec's API calls carry their own /api, §7). */
  lmsRoutes?: readonly AreaRoutes[];
  /** Routes outside /lms: the player, the SSO bridge, file downloads, public pages. */
  rootRoutes?: readonly AreaRoutes[];
  /** Operator commands (CLI and /lms/operator/commands/{name}), declared with defineOperatorCommand. */
  operatorCommands?: readonly AreaCommand[];
  /** The command-line spelling of those commands. */
  cli?: AreaCli;
  /** Jobs for the job queue (platform/job-queue.ts, ADR 0018); none when the area's setting is off. */
  jobs?: (deps: AreaJobDeps) => readonly ScheduledJob[];
  /** Names of the migrations (db/migrations) that made this area's tables and columns. */
  migrations?: readonly string[];
}

/** Every operator command of these areas, in their order. */
export function operatorCommandsOf(areas: readonly FeatureArea[]): readonly AreaCommand[] {
  return areas.flatMap((area) => area.operatorCommands ?? []);
}

/** Every job of these areas. */
export function jobsOf(areas: readonly FeatureArea[], deps: AreaJobDeps): ScheduledJob[] {
  return areas.flatMap((area) => area.jobs?.(deps) ?? []);
}

/**
 * Registers the areas' routes: those under /lms in one plugin with that prefix, then the others
 * at the root. Each plugin gets the operator command table.
 */
export async function registerAreaRoutes(
  app: FastifyInstance,
  areas: readonly FeatureArea[],
): Promise<void> {
  const options: AreaRouteOptions = { operatorCommands: operatorCommandsOf(areas) };
  await app.register(
    async (lms) => {
      for (const area of areas) {
        for (const routes of area.lmsRoutes ?? []) await lms.register(routes, options);
      }
    },
    { prefix: '/lms' },
  );
  for (const area of areas) {
    for (const routes of area.rootRoutes ?? []) await app.register(routes, options);
  }
}
