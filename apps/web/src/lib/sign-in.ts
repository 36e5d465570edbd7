/**
 * The part of the sign-in flow shared by the login and MFA screens (spec §4 'Login and session'
 * steps 1-2, §6, §8 Login and Permissions).
 */
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { getPermissions } from '../api/auth';
import { ApiError, type ApiResult } from '../api/client';
import type { Permissions, UserDetails } from '../api/types';
import { getState, logout, savePendingMfa, setAvoidUnnecessaryLoads, setSignedIn } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §6: the message for a signed-in user who is not a student. */
export const NO_STUDENT_ACCESS = 'You do not have student access.';
/** Spec §8: the 403 text of the login and permissions calls. */
export const NO_LMS_PERMISSION = 'You do not have permission to access this LMS.';

/** Where a finished sign-in goes, or the message to show (after logging out). */
export type SignInOutcome = { to: '/dashboard' | '/assignments' | '/mfa' } | { message: string };

/** Remember days = remember time in ms converted to days, rounded up (spec §4 MFA). */
export function rememberDays(rememberDeviceTime: number | null | undefined): number {
  return rememberDeviceTime && rememberDeviceTime > 0 ? Math.ceil(rememberDeviceTime / DAY_MS) : 0;
}

/** Only students with userType 0 or more may use the panel (spec §6); isStudent may come as 0/1. */
export function isStudentAccess(permissions: {
  isStudent: Permissions['isStudent'] | number;
  userType: number;
}): boolean {
  return Boolean(permissions.isStudent) && Number(permissions.userType) >= 0;
}

/** Spec §8 Login: the message for a failed POST /api/Login ('' for status 0). */
export function loginFailureMessage(statusCode: number, serverMessage: string): string {
  if (statusCode === 0) return '';
  if (statusCode === 401) return serverMessage || 'Incorrect login.';
  if (statusCode >= 400 && statusCode < 500) {
    if (serverMessage) return serverMessage;
    return statusCode === 403
      ? NO_LMS_PERMISSION
      : `${statusCode}: An error occurred, please try again later.`;
  }
  return 'Attempt to log in failed.';
}

/** Spec §8 Permissions: the message for a failed permissions call ('' for status 0). */
export function permissionsFailureMessage(statusCode: number, serverMessage: string): string {
  if (statusCode === 0) return '';
  if (serverMessage) return serverMessage;
  if (statusCode === 403) return NO_LMS_PERMISSION;
  if (statusCode >= 400 && statusCode < 500) return 'Incorrect login.';
  return 'An error occurred, please try again later.';
}

/** Where a student goes after signing in: dashboard when showDashboard is above 0 (spec §4 step 2). */
export function homeRoute(): '/dashboard' | '/assignments' {
  return Number(getState().lmsInfo?.showDashboard ?? 0) > 0 ? '/dashboard' : '/assignments';
}

async function loadPermissions(): Promise<ApiResult<Permissions> | ApiError> {
  try {
    return await getPermissions();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * Finishes a sign-in with real user details: stores the session, checks permissions and student
 * access. Failures log out (without leaving the page) and return the message to show.
 */
export async function completeSignIn(user: UserDetails): Promise<SignInOutcome> {
  if (user.sessionID === MFA_SESSION_MARKER) {
    savePendingMfa({
      mfaID: String(user.mfaID ?? ''),
      rememberDays: rememberDays(user.rememberDeviceTime),
    });
    return { to: '/mfa' };
  }
  setSignedIn(user);
  const result = await loadPermissions();
  if (result instanceof ApiError || !result.successfulApiCall) {
    const statusCode = result instanceof ApiError ? result.statusCode : result.statusCode;
    const message = result instanceof ApiError ? result.message : result.errorMsg;
    await logout({ redirect: false });
    return { message: permissionsFailureMessage(statusCode, message) };
  }
  if (!isStudentAccess(result.responseBody)) {
    await logout({ redirect: false });
    return { message: NO_STUDENT_ACCESS };
  }
  // The login page already loaded the LMS data; the shell need not fetch it again (§4 step 7).
  setAvoidUnnecessaryLoads(true);
  return { to: homeRoute() };
}
