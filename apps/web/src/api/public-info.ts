/** Public calls that need no session: LMS info, support info, app links, the ping (spec §7). */
import { lmsInfoCalls, nowCalls } from '@waypoint/domain/contract';
import { send } from './client';

// These two are preloaded by index.html for every panel address, so they go out bare (ADR 0012).

/** GET /api/PublicInfo/LMS/Info/. */
export const getLmsInfo = () => send(lmsInfoCalls.lmsInfo, [], { bare: true });

/** GET /api/WaypointInformation/StudentInfo/all (applied on status 200-399). */
export const getStudentInfo = () => send(lmsInfoCalls.supportInfo, [], { bare: true });

/** GET /api/AppDownload/GetLinks/. */
export const getAppDownloadLinks = () => send(lmsInfoCalls.appDownloadLinks, []);

/** GET /lms/now: the periodic ping. */
export const ping = () => send(nowCalls.now, []);
