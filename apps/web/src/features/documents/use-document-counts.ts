import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { getDocumentCounts } from '../../api/documents';
import { queryKeys } from '../../api/query-keys';
import { useAppState } from '../../lib/use-app-state';
import { documentsNeedAttention } from './document-status';

/** Whether the signed-in user has expired or unsubmitted documents (a failed call means no). */
export function useDocumentsNeedAttention(): boolean {
  const lmsKey = useAppState((state) => state.currentUser?.lmsKey ?? -1);
  const userKey = useAppState((state) => state.currentUser?.userKey ?? -1);
  const counts = useQuery({
    queryKey: queryKeys.documents.counts(lmsKey, userKey),
    queryFn: async () => unwrap(await getDocumentCounts(lmsKey, userKey)),
    enabled: lmsKey >= 0 && userKey >= 0,
    retry: false,
    staleTime: 60_000,
  });
  return documentsNeedAttention(counts.data);
}
