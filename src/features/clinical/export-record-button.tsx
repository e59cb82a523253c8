import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorSentence } from '../../lib/api';
import { withFreshPasskey } from '../../lib/passkeys';
import { fetchRecordExport } from './clinical-api';

/** "Export record": the client's whole record as a JSON file; asks for her passkey again if needed. */
export function ExportRecordButton({ uid, onExported }: { uid: string; onExported: () => void }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const download = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      const record = await withFreshPasskey(() => fetchRecordExport(uid));
      const file = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `client-record-${uid}-${record.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      // The export is in the record's log: read it again.
      onExported();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mb-3">
      <Button variant="outline-primary" disabled={pending} onClick={() => void download()}>
        {pending ? 'Preparing the record…' : 'Export record'}
      </Button>
      {problem && (
        <div role="alert" className="alert alert-danger py-2 mt-2">
          {problem}
        </div>
      )}
    </div>
  );
}
