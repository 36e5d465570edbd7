/** Public calls that need no session: LMS info, support info, app links, the ping (spec §7). */
import { request, type ApiResult } from './client';
import { apiPaths } from './paths';
import type { AppDownloadLink, LmsInfo, ServerTime, SupportInfo } from './types';

/** GET /api/PublicInfo/LMS/Info/. */
export function getLmsInfo(): Promise<ApiResult<LmsInfo>> {
  return request<LmsInfo>(apiPaths.lmsInfo());
}

/** GET /api/WaypointInformation/StudentInfo/all (applied on status 200-399). */
export function getStudentInfo(): Promise<ApiResult<SupportInfo>> {
  return request<SupportInfo>(apiPaths.studentInfo());
}

/** GET /api/AppDownload/GetLinks/. */
export function getAppDownloadLinks(): Promise<ApiResult<AppDownloadLink[]>> {
  return request<AppDownloadLink[]>(apiPaths.appDownloadLinks());
}

/** GET /lms/now: the periodic ping. */
export function ping(): Promise<ApiResult<ServerTime>> {
  return request<ServerTime>(apiPaths.now());
}
