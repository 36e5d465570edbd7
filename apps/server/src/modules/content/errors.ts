import { HttpError } from '../../lib/http-error.js';

/**
 * A SCORM package refused on import (import-scorm, ADR 0003): the message says which rule it
 * broke and that nothing was kept. 422 like other bad files (the CLI exits 1).
 */
export class PackageRefusedError extends HttpError {
  constructor(reason: string) {
    super(422, `The package was refused: ${reason} Nothing was imported.`);
  }
}
