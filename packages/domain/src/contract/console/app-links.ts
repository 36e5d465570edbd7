/**
 * The App Download links of the LMS in the staff console (spec §1 strip, §3 App download link,
 * §7 GET /api/AppDownload/GetLinks/; docs/decisions/0024 "Install and app links"): read by every
 * staff role, replaced as a whole list by a role that may change the LMS ('lms.modify').
 */
import { Type, type Static } from 'typebox';
import { defineCall } from '../define.js';
import { errorResponses, Text } from '../common.js';
import { APP_LINK_ADDRESS_MAX, APP_LINK_LABEL_MAX, APP_LINKS_MAX } from '../../staff/app-links.js';

/** One link as the console shows and sends it (§3 App download link). */
export const AppLinkItem = Type.Object(
  {
    label: Text({ maxLength: APP_LINK_LABEL_MAX + 20 }),
    link: Text({ maxLength: APP_LINK_ADDRESS_MAX + 20 }),
    willRender: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AppLinkItem = Static<typeof AppLinkItem>;

/** The LMS's links, in the strip's order. */
export const AppLinkList = Type.Object(
  { links: Type.Array(AppLinkItem, { maxItems: APP_LINKS_MAX + 5 }) },
  { additionalProperties: false },
);
export type AppLinkList = Static<typeof AppLinkList>;

const route = '/api/console/app-links';

export const consoleAppLinkCalls = {
  appLinks: defineCall<AppLinkList>()({ method: 'GET', route, path: () => route }),
  replaceAppLinks: defineCall<AppLinkList, AppLinkList>()({
    method: 'PUT',
    route,
    path: () => route,
  }),
};

export const consoleAppLinkSchemas = {
  appLinks: {
    summary: "The LMS's App Download links, in order",
    response: { 200: AppLinkList, ...errorResponses(401, 403) },
  },
  replaceAppLinks: {
    summary: "Replace the LMS's App Download links (whole https addresses, unique labels)",
    body: AppLinkList,
    response: { 200: AppLinkList, ...errorResponses(400, 401, 403) },
  },
} satisfies Record<keyof typeof consoleAppLinkCalls, object>;
