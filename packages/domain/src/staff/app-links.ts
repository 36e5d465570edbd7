/**
 * The App Download links of an LMS (spec §1 'App Download' strip, §3 App download link: label,
 * link, willRender; §7 GET /api/AppDownload/GetLinks/), as the operator's `app-links` command
 * and the staff console set them (docs/decisions/0024 "Install and app links"). Pure: the server
 * refuses with these messages and the console's form shows the same ones before sending.
 */

/** §3 App download link. */
export interface AppLinkInput {
  label: string;
  link: string;
  willRender: boolean;
}

/** How many links an LMS may have: the strip is one row (spec §1 names three). */
export const APP_LINKS_MAX = 10;
/** A label is a platform's name ('Windows', 'Google Play'). */
export const APP_LINK_LABEL_MAX = 40;
/** A store or download address. */
export const APP_LINK_ADDRESS_MAX = 2000;

// The WHATWG URL parser, which browsers and Node both have: the domain is built without either's
// type library ("types": []), so only the parts read here are declared.
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a label is refused, or null. */
export function appLinkLabelProblem(value: string): string | null {
  const label = value.trim();
  if (label === '') return 'The label is empty.';
  if (label.length > APP_LINK_LABEL_MAX)
    return `The label is too long (${APP_LINK_LABEL_MAX} characters max).`;
  if (CONTROL.test(label)) return 'The label contains control characters.';
  return null;
}

/**
 * Why an address is refused, or null: a student's browser opens it from the panel, so it must be
 * a whole https address (an app store, a download page) with no credentials in it.
 */
export function appLinkAddressProblem(value: string): string | null {
  const address = value.trim();
  if (address === '') return 'The address is empty.';
  if (address.length > APP_LINK_ADDRESS_MAX)
    return `The address is too long (${APP_LINK_ADDRESS_MAX} characters max).`;
  if (CONTROL.test(address) || /\s/.test(address)) return 'The address contains spaces.';
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(address);
  } catch {
    return `'${address.slice(0, 60)}' is not a web address: give it whole, https://...`;
  }
  if (url.protocol !== 'https:') return 'The address must start with https://.';
  if (url.hostname === '') return 'The address has no host name.';
  if (url.username !== '' || url.password !== '')
    return 'The address must not hold a user name or password.';
  return null;
}

/** One link, trimmed, or the problems with it. */
export function appLinkProblems(link: AppLinkInput): string[] {
  return [appLinkLabelProblem(link.label), appLinkAddressProblem(link.link)].filter(
    (problem): problem is string => problem !== null,
  );
}

/**
 * The problems with an LMS's whole list, each naming its link ("Link 2 (Apple): ..."); empty
 * when the list may be saved. Labels are unique (any case): the strip shows one link per label.
 */
export function appLinksProblems(links: readonly AppLinkInput[]): string[] {
  const problems: string[] = [];
  if (links.length > APP_LINKS_MAX) problems.push(`At most ${APP_LINKS_MAX} links.`);
  const seen = new Set<string>();
  links.forEach((link, index) => {
    const name = `Link ${index + 1}${link.label.trim() ? ` (${link.label.trim()})` : ''}`;
    for (const problem of appLinkProblems(link)) problems.push(`${name}: ${problem}`);
    const key = link.label.trim().toLowerCase();
    if (key !== '' && seen.has(key)) problems.push(`${name}: another link has this label.`);
    seen.add(key);
  });
  return problems;
}

/** A link as it is stored: label and address trimmed. */
export function normaliseAppLink(link: AppLinkInput): AppLinkInput {
  return { label: link.label.trim(), link: link.link.trim(), willRender: link.willRender };
}
