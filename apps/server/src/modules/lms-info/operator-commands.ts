/**
 * The operator's App Download link commands (docs/decisions/0024 "Install and app links"):
 * `app-links-list`, `app-links-set` (one link by its label) and `app-links-clear` (one link, or
 * all). Each change is recorded in the audit log as the operator's (run-command.ts).
 */
import { Type } from 'typebox';
import { table, yesNo } from '../../lib/text-table.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import { lmsByCode } from '../operator/command-helpers.js';
import { appLinksOf, clearAppLinks, setAppLink } from './app-links.service.js';

const strict = { additionalProperties: false } as const;
const Text = Type.String({ maxLength: 2000 });

interface LinksResult {
  lms: string;
  links: { label: string; link: string; willRender: boolean }[];
}

function formatLinks(result: unknown): string {
  const { lms, links } = result as LinksResult;
  if (links.length === 0) {
    return `LMS '${lms}' has no App Download links: the strip offers only the panel's own Install.`;
  }
  return table(
    ['LABEL', 'SHOWN', 'LINK'],
    links.map((link) => [link.label, yesNo(link.willRender), link.link]),
  );
}

const appLinksList = defineOperatorCommand({
  name: 'app-links-list',
  changes: false,
  summary: "List an LMS's App Download links, in the strip's order",
  input: Type.Object({ lms: Text }, strict),
  async run(deps, input): Promise<LinksResult> {
    const lms = await lmsByCode(deps, input.lms);
    return { lms: lms.lmsCode, links: await appLinksOf(deps, lms.lmsKey) };
  },
  format: formatLinks,
});

const appLinksSet = defineOperatorCommand({
  name: 'app-links-set',
  summary: 'Set the App Download link with this label (a new label is added last)',
  input: Type.Object(
    { lms: Text, label: Text, link: Text, render: Type.Optional(Type.Boolean()) },
    strict,
  ),
  async run(deps, input): Promise<LinksResult> {
    const lms = await lmsByCode(deps, input.lms);
    const links = await setAppLink(deps, lms.lmsKey, {
      label: input.label,
      link: input.link,
      willRender: input.render,
    });
    return { lms: lms.lmsCode, links };
  },
  format: formatLinks,
});

const appLinksClear = defineOperatorCommand({
  name: 'app-links-clear',
  summary: 'Remove the App Download link with this label, or every link without one',
  input: Type.Object({ lms: Text, label: Type.Optional(Text) }, strict),
  async run(deps, input): Promise<LinksResult> {
    const lms = await lmsByCode(deps, input.lms);
    return { lms: lms.lmsCode, links: await clearAppLinks(deps, lms.lmsKey, input.label) };
  },
  format: formatLinks,
});

export const appLinkCommands = [appLinksList, appLinksSet, appLinksClear];
