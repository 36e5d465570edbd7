import { useEffect } from 'react';
import { isOffline } from '../api/connection';
import { getLmsInfo, getStudentInfo } from '../api/public-info';
import { keptLmsData } from '../lib/offline-kept';
import {
  DEFAULT_SUPPORT_INFO,
  FALLBACK_LMS_NAME,
  getState,
  lmsDisplayName,
  setState,
  takeAvoidUnnecessaryLoads,
} from '../lib/store';
import { useAppState } from '../lib/use-app-state';

/**
 * Loads the LMS and support data into the store (spec §4 step 7, §7). Offline, a signed-in
 * student's shell takes what it kept when last online (ADR 0024 "Offline panel").
 */
export async function loadLmsData(): Promise<void> {
  setState({ lmsInfoStatus: 'loading' });
  const [lms, support] = await Promise.allSettled([getLmsInfo(), getStudentInfo()]);
  const kept = isOffline() ? keptLmsData(getState().currentUser) : null;
  if (lms.status === 'fulfilled' && lms.value.successfulApiCall) {
    setState({ lmsInfo: lms.value.responseBody, lmsInfoStatus: 'loaded' });
  } else if (kept) {
    setState({ lmsInfo: kept.lmsInfo, lmsInfoStatus: 'loaded', supportInfo: kept.supportInfo });
    return;
  } else {
    setState({ lmsInfo: null, lmsInfoStatus: 'failed' });
  }
  // Support info is applied on status 200-399 only (spec §7).
  if (support.status === 'fulfilled' && support.value.successfulApiCall) {
    setState({ supportInfo: { ...DEFAULT_SUPPORT_INFO, ...support.value.responseBody } });
  }
}

/**
 * Shell entry (spec §4 step 7): LMS data loads unless avoidUnnecessaryLoads was set (it is then
 * reset); applies the LMS theme stylesheet and the page title.
 */
export function useLmsData(): void {
  useEffect(() => {
    const skip = takeAvoidUnnecessaryLoads();
    // After a full page load the memory is empty, so the flag alone cannot skip the load.
    if (skip && getState().lmsInfoStatus === 'loaded') return;
    // main.tsx starts this page load's LMS data before the first render (ADR 0012).
    if (getState().lmsInfoStatus !== 'idle') return;
    void loadLmsData();
  }, []);

  const themeURL = useAppState((state) => state.lmsInfo?.themeURL ?? '');
  useEffect(() => {
    const id = 'lms-theme';
    document.getElementById(id)?.remove();
    if (!themeURL) return;
    const link = document.createElement('link');
    link.id = id;
    link.rel = 'stylesheet';
    link.href = themeURL;
    document.head.appendChild(link);
  }, [themeURL]);

  const status = useAppState((state) => state.lmsInfoStatus);
  const name = useAppState(lmsDisplayName);
  useEffect(() => {
    if (status === 'failed') document.title = FALLBACK_LMS_NAME;
    else if (status === 'loaded' && name) document.title = name;
  }, [status, name]);
}
