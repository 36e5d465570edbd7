import type { FeatureArea } from '../feature-area.js';
import { libraryCli } from './cli.js';
import { libraryFileRoutes } from './media-files.js';
import { libraryCommands } from './operator-commands.js';
import { libraryRoutes } from './routes.js';

/** The library: course trees and media by student group, media downloads, the library commands. */
export const libraryArea: FeatureArea = {
  name: 'library',
  lmsRoutes: [libraryRoutes],
  rootRoutes: [libraryFileRoutes],
  operatorCommands: libraryCommands,
  cli: libraryCli,
  // Student groups and the comments' table changes came in the same migration.
  migrations: ['0009-library-and-comments'],
};
