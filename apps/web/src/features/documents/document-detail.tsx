import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../../api/client';
import {
  deleteDocumentFile,
  getDocumentDetail,
  saveDocument,
  type DocumentDetail,
} from '../../api/documents';
import { queryKeys } from '../../api/query-keys';
import { OFFLINE_ACTION_MESSAGE } from '../../lib/online';
import { Button } from '@waypoint/ui/button';
import { LoadingOverlay } from '@waypoint/ui/loading';
import { DocumentForm, type SaveState } from './document-form';
import { formBody } from './document-form-state';
import styles from './document-form.module.css';

export interface DocumentDetailViewProps {
  lmsKey: number;
  formKey: number;
  userKey: number;
  onBack: () => void;
}

/**
 * A document's detail (§2 Documents): Back, the click-blocking 'Loading...' overlay while it
 * loads, and its form. After a save or a file removal the list and the counts are fetched again,
 * so the header's warning icon follows without a reload.
 */
export function DocumentDetailView({ lmsKey, formKey, userKey, onBack }: DocumentDetailViewProps) {
  const client = useQueryClient();
  const key = queryKeys.documents.detail(lmsKey, formKey, userKey);
  const detail = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getDocumentDetail(lmsKey, formKey, userKey)),
    retry: false,
    // Download links are short-lived: a reopened document asks again.
    staleTime: 0,
    gcTime: 0,
  });
  const [saveState, setSaveState] = useState<SaveState>('Save');
  const [saved, setSaved] = useState(false);
  const [progress, setProgress] = useState(0);
  const [messages, setMessages] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const accept = async (answer: DocumentDetail) => {
    client.setQueryData(key, answer);
    setMessages([]);
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.documents.list(lmsKey, userKey) }),
      client.invalidateQueries({ queryKey: queryKeys.documents.counts(lmsKey, userKey) }),
    ]);
  };

  return (
    <div className={styles.form}>
      <div>
        <Button small variant="ghost" onClick={onBack}>
          ← Back
        </Button>
      </div>
      {detail.isLoading && <LoadingOverlay label="Loading..." />}
      {/* A document's form is never kept on the device (ADR 0024 "Offline panel"). */}
      {detail.isPending && detail.fetchStatus === 'paused' && (
        <p role="alert">{OFFLINE_ACTION_MESSAGE}</p>
      )}
      {detail.isError && (
        <p role="alert">This document could not be loaded. Go back and try again.</p>
      )}
      {detail.data && (
        <DocumentForm
          // A new answer from the server (a save, a removal) starts the form afresh from it.
          key={detail.dataUpdatedAt}
          detail={detail.data}
          saveState={saveState}
          progress={progress}
          serverMessages={messages}
          saved={saved}
          deleting={deleting}
          onSave={(state) => {
            setSaveState('Saving...');
            setSaved(false);
            setProgress(0);
            void saveDocument(
              lmsKey,
              formKey,
              userKey,
              formBody(detail.data, state),
              setProgress,
            ).then(async (result) => {
              if (result.successfulApiCall) {
                await accept(result.responseBody);
                setSaveState('Save');
                setSaved(true);
              } else {
                setMessages('messages' in result ? result.messages : [result.errorMsg]);
                setSaveState('Failed');
              }
            });
          }}
          onDeleteFile={(href) => {
            setDeleting(true);
            setSaved(false);
            void deleteDocumentFile(href)
              .then(async (result) => {
                if (result.successfulApiCall) await accept(result.responseBody);
                else setMessages([result.errorMsg || 'The file could not be removed.']);
              })
              .catch(() => setMessages(['The file could not be removed.']))
              .finally(() => setDeleting(false));
          }}
        />
      )}
    </div>
  );
}
