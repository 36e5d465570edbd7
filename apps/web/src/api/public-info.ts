/** Public calls that need no session: LMS info, support info, app links, the ping (spec §7). */
import { lmsInfoCalls, nowCalls } from '@waypoint/domain/contract';
import { send } from './client';

/** GET /api/PublicInfo/LMS/Info/. */
export const getLmsInfo = () => send(lmsInfoCalls.lmsInfo, []);

/** GET /api/WaypointInformation/StudentInfo/all (applied on status 200-399). */
export const getStudentInfo = () => send(lmsInfoCalls.supportInfo, []);

/** GET /api/AppDownload/GetLinks/. */
export const getAppDownloadLinks = () => send(lmsInfoCalls.appDownloadLinks, []);

/** GET /lms/now: the periodic ping. */
export const ping = () => send(nowCalls.now, []);
