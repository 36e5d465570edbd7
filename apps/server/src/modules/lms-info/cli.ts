import { InvalidArgumentError, Option, type Command } from 'commander';
import type { AreaCli } from '../feature-area.js';

/**
 * The App Download link commands (docs/decisions/0024 "Install and app links"):
 * `app-links list --lms <code>`, `app-links set --lms <code> --label <label> --link <https://...>
 * [--render true|false]`, `app-links clear --lms <code> [--label <label>]`.
 */
const json = () => new Option('--json', 'print the result as JSON');

/** `--render true|false`: anything else is refused before the command runs. */
export function parseRender(value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InvalidArgumentError("Give 'true' (shown in the strip) or 'false' (kept, not shown).");
}

export const lmsInfoCli: AreaCli = (program: Command, run) => {
  const links = program
    .command('app-links')
    .description("an LMS's App Download links (the panel's strip, spec §1)");
  links
    .command('list')
    .description("list the links, in the strip's order")
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run('app-links-list', { lms: o.lms }, { json: o.json }),
    );
  links
    .command('set')
    .description('set the link with this label (a new label is added last)')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--label <label>', "the platform: 'Windows', 'Apple', 'Google Play', ...")
    .requiredOption('--link <address>', 'a whole https address (an app store or download page)')
    .addOption(
      new Option(
        '--render <true|false>',
        'shown in the strip (default: as it was; new: true)',
      ).argParser(parseRender),
    )
    .addOption(json())
    .action((o: { lms: string; label: string; link: string; render?: boolean; json?: boolean }) =>
      run(
        'app-links-set',
        { lms: o.lms, label: o.label, link: o.link, render: o.render },
        { json: o.json },
      ),
    );
  links
    .command('clear')
    .description('remove the link with this label, or every link without --label')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--label <label>', 'the one link to remove')
    .addOption(json())
    .action((o: { lms: string; label?: string; json?: boolean }) =>
      run('app-links-clear', { lms: o.lms, label: o.label }, { json: o.json }),
    );
};
