import { Option, type Command } from 'commander';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/**
 * The document commands: `define-document <file.json> --lms <code>`, `assign-document --lms
 * <code> --document <name> [--user <login>...] [--group <group>]`, `document-responses`,
 * `document-files [--out <folder>]` and `set-document-expiry (--date yyyy-mm-dd | --clear)`.
 * Definitions are JSON (no YAML parser is among the server's packages).
 */
const json = () => new Option('--json', 'print the result as JSON');

/** `define-document`. */
function addDefineDocumentCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('define-document')
    .description(
      'define a document type from a JSON file: {"name", "description"?, "maxExpirationDays"?, "fields": [{"name", "type": text|textarea|date|select|multiselect|checkbox|file, "description"?, "required"?, "readonly"?, "options"?}]}; a field named expiration (type date) sets the expiry',
    )
    .argument('<file>', 'the document type JSON file')
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((file: string, o: { lms: string; json?: boolean }) =>
      run('define-document', { lms: o.lms }, { json: o.json, upload: file }),
    );
}

/** `assign-document`. */
function addAssignDocumentCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('assign-document')
    .description('assign a document type to users and/or every student of a restriction group')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--document <name>', 'document type name')
    .option('--user <login...>', 'login IDs')
    .option('--group <group>', 'restriction group')
    .addOption(json())
    .action(
      (o: { lms: string; document: string; user?: string[]; group?: string; json?: boolean }) =>
        run(
          'assign-document',
          { lms: o.lms, document: o.document, users: o.user, group: o.group },
          { json: o.json },
        ),
    );
}

/** `document-responses`. */
function addDocumentResponsesCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('document-responses')
    .description("list every student's response to a document type")
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--document <name>', 'document type name')
    .addOption(json())
    .action((o: { lms: string; document: string; json?: boolean }) =>
      run('document-responses', { lms: o.lms, document: o.document }, { json: o.json }),
    );
}

/** `document-files`. */
function addDocumentFilesCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('document-files')
    .description("download a student's saved files of a document")
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--document <name>', 'document type name')
    .requiredOption('--user <login>', 'login ID')
    .option('--out <folder>', 'write the files into this folder (never over existing files)')
    .addOption(json())
    .action((o: { lms: string; document: string; user: string; out?: string; json?: boolean }) =>
      run(
        'document-files',
        { lms: o.lms, document: o.document, user: o.user, out: o.out },
        { json: o.json },
      ),
    );
}

/** `set-document-expiry`. */
function addSetDocumentExpiryCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('set-document-expiry')
    .description("set or clear a student's document expiry")
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--document <name>', 'document type name')
    .requiredOption('--user <login>', 'login ID')
    .option('--date <yyyy-mm-dd>', 'valid through this day')
    .option('--clear', 'remove the expiry')
    .addOption(json())
    .action(
      (o: {
        lms: string;
        document: string;
        user: string;
        date?: string;
        clear?: boolean;
        json?: boolean;
      }) =>
        run(
          'set-document-expiry',
          { lms: o.lms, document: o.document, user: o.user, date: o.date, clear: o.clear },
          { json: o.json },
        ),
    );
}

export const documentsCli: AreaCli = (program, run) => {
  for (const add of [
    addDefineDocumentCommand,
    addAssignDocumentCommand,
    addDocumentResponsesCommand,
    addDocumentFilesCommand,
    addSetDocumentExpiryCommand,
  ])
    add(program, run);
};
