/** The public LMS info (spec §7 GET /api/PublicInfo/LMS/Info/): the sign-in page's name and logo. */
import { useQuery } from '@tanstack/react-query';
import { lmsInfoCalls } from '@waypoint/domain/contract';
import { send } from './client';
import { queryKeys } from './query-keys';

/** GET /api/PublicInfo/LMS/Info/ for the LMS this address is for. */
export const getLmsInfo = () => send(lmsInfoCalls.lmsInfo, []);

/** The LMS info, read once per page load. */
export function useLmsInfo() {
  return useQuery({ queryKey: queryKeys.lmsInfo(), queryFn: getLmsInfo, staleTime: Infinity });
}
