import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { MAX_DICOM_FILES_PER_UPLOAD } from '@recovery-portal/contract/imaging';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useUploadDicom } from '#app/features/imaging/api/upload-dicom.ts';

type UploadItem = {
  key: number;
  name: string;
  percent: number;
  status: 'waiting' | 'uploading' | 'done' | 'refused';
  error?: string;
};

export type DicomUploadZoneProps = {
  participantId: number;
  surgeryId: number;
};

/**
 * Drop zone and file button. Each file goes in its own request, so each has its own progress
 * bar and a refused file (not DICOM, too large) names itself without failing the others.
 */
export function DicomUploadZone({ participantId, surgeryId }: DicomUploadZoneProps) {
  const upload = useUploadDicom();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = (key: number, change: Partial<UploadItem>) =>
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const start = async (fileList: FileList | null) => {
    const files = Array.from(fileList ?? []).slice(0, MAX_DICOM_FILES_PER_UPLOAD);
    if (files.length === 0) return;
    const queued = files.map((file) => ({ file, key: nextKey.current++ }));
    setItems((current) => [
      ...queued.map(({ file, key }) => ({
        key,
        name: file.name,
        percent: 0,
        status: 'waiting' as const,
      })),
      ...current.filter((item) => item.status !== 'done'),
    ]);
    // One at a time: a large file does not compete for bandwidth with the next.
    for (const { file, key } of queued) {
      patch(key, { status: 'uploading' });
      try {
        await upload.mutateAsync({
          participantId,
          surgeryId,
          files: [file],
          onProgress: ({ loaded, total }) =>
            patch(key, { percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
        });
        patch(key, { status: 'done', percent: 100 });
      } catch (error) {
        patch(key, { status: 'refused', error: errorMessage(error) });
      }
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void start(event.dataTransfer.files);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        role="group"
        aria-label="DICOM upload"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Button
          variant="outlined"
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
        >
          Choose DICOM files
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary">
          or drop DICOM files here (up to {MAX_DICOM_FILES_PER_UPLOAD} at a time)
        </Typography>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          hidden
          aria-label="Choose DICOM files"
          onChange={(event) => {
            void start(event.target.files);
            // Choosing the same file again must fire onChange again.
            event.target.value = '';
          }}
        />
      </Box>
      {items.length > 0 && (
        <Box component="ul" aria-label="Uploads" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {items.map((item) => (
            <Box component="li" key={item.key} sx={{ py: 0.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {statusText(item)}
                </Typography>
              </Box>
              {item.status === 'refused' ? (
                <Alert severity="error" sx={{ mt: 0.5 }}>
                  {item.error}
                </Alert>
              ) : (
                <LinearProgress
                  variant="determinate"
                  value={item.percent}
                  aria-label={`Upload of ${item.name}`}
                  color={item.status === 'done' ? 'success' : 'primary'}
                />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `${item.percent}%`;
    case 'done':
      return 'Uploaded';
    case 'refused':
      return 'Refused';
  }
}
