import type { FeatureArea } from '../feature-area.js';
import { contentCli } from './cli.js';
import { importScormCommand } from './operator-commands.js';

/** SCORM packages: import-scorm. */
export const contentArea: FeatureArea = {
  name: 'content',
  operatorCommands: [importScormCommand],
  cli: contentCli,
};
