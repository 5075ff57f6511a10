import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowLeft,
  ChevronRight,
  Download,
  Eye,
  FileText,
  Folder,
  FolderPlus,
  ImageIcon,
  Trash2,
  Upload,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BIN_DAYS,
  formatBytes,
  librarySourceLabels,
  nameProblem,
  type LibraryFile,
  type LibraryFolder,
  type LibraryListing,
} from '@noise/shared/files';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { apiFetch, errorMessage, toastApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  useBin,
  useCreateFolder,
  useDeleteFile,
  useDeleteFolder,
  useLibrary,
  usePurgeFile,
  useRenameFolder,
  useRestoreFile,
  useUpdateFile,
  useUploadFile,
} from './files-api';
import { NameForm } from './name-form';

const previewable = (file: LibraryFile) =>
  file.contentType.startsWith('image/') || file.contentType === 'application/pdf';

interface Upload {
  key: string;
  name: string;
  fraction: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

function UsageBar({ usage }: { usage: LibraryListing['usage'] }) {
  const percent = Math.min(100, Math.round((usage.usedBytes / usage.quotaBytes) * 100));
  return (
    <div className="flex min-w-48 flex-col gap-1 text-sm">
      <span className="font-semibold">
        {formatBytes(usage.usedBytes)} of {formatBytes(usage.quotaBytes)} used
      </span>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-ink/10"
      >
        <div
          className={cn('h-full rounded-full', percent >= 90 ? 'bg-danger' : 'bg-accent')}
          style={{ width: `${Math.max(percent, usage.usedBytes ? 2 : 0)}%` }}
        />
      </div>
    </div>
  );
}

/** A private image or PDF fetched with the session and shown from a temporary blob URL. */
function Preview({ file }: { file: LibraryFile }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFetch(file.url, { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        // The blob keeps the file's own type, so the browser's PDF viewer opens it.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        setSrc(objectUrl);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setFailed(errorMessage(error, 'The preview could not load.'));
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.url, file.contentType]);
  if (failed) {
    return (
      <p role="alert" className="text-danger">
        {failed}
      </p>
    );
  }
  if (!src) return <p className="text-muted">Loading the preview…</p>;
  if (file.contentType.startsWith('image/')) {
    return (
      <img
        src={src}
        alt={file.name}
        className="mx-auto max-h-[60dvh] w-auto max-w-full rounded-xl border-2 border-line bg-canvas object-contain"
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <iframe
        src={src}
        title={file.name}
        className="h-[60dvh] w-full rounded-xl border-2 border-line bg-canvas"
      />
      <a
        href={src}
        target="_blank"
        rel="noopener"
        className="self-start font-semibold text-accent-strong underline underline-offset-2"
      >
        Open in a new tab
      </a>
    </div>
  );
}

function DownloadButton({ file }: { file: LibraryFile }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      aria-label={`Download ${file.name}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(file.url, file.name);
        } catch (error) {
          toastApiError(error, `Could not download ${file.name}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden="true" />
      Download
    </Button>
  );
}

type FileDialog = { kind: 'preview' | 'rename' | 'move'; file: LibraryFile } | null;

function FileRow({
  file,
  canManage,
  onOpen,
  onDelete,
}: {
  file: LibraryFile;
  canManage: boolean;
  onOpen: (dialog: NonNullable<FileDialog>) => void;
  onDelete: (file: LibraryFile) => void;
}) {
  const Icon = file.contentType.startsWith('image/') ? ImageIcon : FileText;
  const manage = canManage && !file.readOnly;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border-2 border-line bg-paper p-3">
      <div className="flex min-w-0 flex-[1_1_14rem] items-center gap-3">
        <Icon aria-hidden="true" className="size-6 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">{file.name}</p>
          <p className="text-sm text-muted">
            {file.source !== 'upload' ? (
              <span className="mr-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-ink">
                {librarySourceLabels[file.source]}
              </span>
            ) : null}
            {file.size !== null ? `${formatBytes(file.size)} · ` : ''}
            {file.uploadedBy ? `${file.uploadedBy} · ` : ''}
            {formatDate(file.createdAt)}
          </p>
        </div>
      </div>
      <div className="-ml-2.5 flex flex-wrap sm:ml-0 [&_button]:px-2.5">
        {previewable(file) ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Preview ${file.name}`}
            onClick={() => onOpen({ kind: 'preview', file })}
          >
            <Eye aria-hidden="true" />
            Preview
          </Button>
        ) : null}
        <DownloadButton file={file} />
        {manage ? (
          <>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Rename ${file.name}`}
              onClick={() => onOpen({ kind: 'rename', file })}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${file.name}`}
              onClick={() => onOpen({ kind: 'move', file })}
            >
              Move
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${file.name}`}
              className="text-danger"
              onClick={() => onDelete(file)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** Where a file goes: a folder's id, or '' for the top of the library. */
const moveSchema = z.object({ target: z.string() });

function MoveForm({
  file,
  listing,
  onMove,
}: {
  file: LibraryFile;
  listing: LibraryListing;
  onMove: (folderId: string | null) => Promise<void>;
}) {
  const form = useForm<{ target: string }>({
    resolver: zodResolver(moveSchema),
    defaultValues: { target: '' },
  });
  const options = [
    { value: '', label: 'Files (the top of the library)' },
    ...listing.destinations.map((d) => ({ value: d._id, label: d.label })),
  ].filter((o) => o.value !== (file.folderId ?? ''));
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async ({ target }) => {
        try {
          await onMove(target || null);
        } catch (error) {
          form.setError('target', { message: errorMessage(error, 'The file could not be moved.') });
        }
      }}
    >
      <FormField
        control={form.control}
        name="target"
        render={(field) => (
          <Select label="Move to" placeholder="Choose a folder" options={options} {...field} />
        )}
      />
      <div>
        <FormSubmit>{form.formState.isSubmitting ? 'Moving...' : 'Move'}</FormSubmit>
      </div>
    </Form>
  );
}

function Bin({ companyId, onBack }: { companyId: string; onBack: () => void }) {
  const bin = useBin(companyId, true);
  const restore = useRestoreFile(companyId);
  const purge = usePurgeFile(companyId);
  const [confirming, setConfirming] = useState<string | null>(null);
  let body: ReactNode;
  if (bin.isPending) body = <p className="text-muted">Loading the bin…</p>;
  else if (bin.isError) {
    body = (
      <p role="alert" className="text-danger">
        {errorMessage(bin.error, 'The bin could not be loaded.')}
      </p>
    );
  } else if (bin.data.files.length === 0) {
    body = <p className="text-muted">The bin is empty.</p>;
  } else {
    body = (
      <ul aria-label="Deleted files" className="flex flex-col gap-2">
        {bin.data.files.map((file) => (
          <li
            key={file._id}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border-2 border-line bg-paper p-3"
          >
            <div className="min-w-0 flex-[1_1_14rem]">
              <p className="font-semibold wrap-anywhere">{file.name}</p>
              <p className="text-sm text-muted">
                Deleted {formatDate(file.deletedAt!)}
                {file.deletedBy ? ` by ${file.deletedBy}` : ''} · goes for good on{' '}
                {formatDate(file.purgeAt!)}
              </p>
            </div>
            <div className="-ml-2.5 flex flex-wrap sm:ml-0 [&_button]:px-2.5">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Restore ${file.name}`}
                disabled={restore.isPending}
                onClick={async () => {
                  try {
                    await restore.mutateAsync(file._id);
                    toastSuccess(`${file.name} is restored`);
                  } catch (error) {
                    toastApiError(error, `Could not restore ${file.name}`);
                  }
                }}
              >
                Restore
              </Button>
              {confirming === file._id ? (
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={purge.isPending}
                  onClick={async () => {
                    try {
                      await purge.mutateAsync(file._id);
                      setConfirming(null);
                    } catch (error) {
                      toastApiError(error, `Could not delete ${file.name}`);
                    }
                  }}
                >
                  Yes, delete it for good
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  // The name starts with the words shown, as speech users say them.
                  aria-label={`Delete for good: ${file.name}`}
                  onClick={() => setConfirming(file._id)}
                >
                  Delete for good
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to files
        </Button>
        {bin.data ? <UsageBar usage={bin.data.usage} /> : null}
      </div>
      <h3 className="text-xl font-bold">Bin</h3>
      <p className="text-sm text-muted">
        Deleted files wait here for {BIN_DAYS} days, then go for good. They count towards the
        storage until then.
      </p>
      {body}
    </div>
  );
}

/**
 * A client company's file library (docs/product.md#files): its folders ('Brand assets', one per
 * order, and its own), uploads by the file picker or by dropping files, previews, downloads and,
 * for those who manage it, renaming, moving, deleting and the bin. The same on the customer's
 * Files page and on the staff Edit Customer page; the server decides what each may do.
 */
export function FileLibrary({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const [folderId, setFolderId] = useState<string | null>(null);
  const [showBin, setShowBin] = useState(false);
  const [dialog, setDialog] = useState<FileDialog>(null);
  const [folderDialog, setFolderDialog] = useState<'new' | 'rename' | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const inputId = useId();
  const library = useLibrary(companyId, folderId);
  const upload = useUploadFile(companyId);
  const createFolder = useCreateFolder(companyId);
  const renameFolder = useRenameFolder(companyId);
  const deleteFolder = useDeleteFolder(companyId);
  const updateFile = useUpdateFile(companyId);
  const deleteFile = useDeleteFile(companyId);

  if (showBin) return <Bin companyId={companyId} onBack={() => setShowBin(false)} />;

  const listing = library.data;
  const here = listing?.folder ?? null;
  const placeName = here?.name ?? 'Files';

  async function uploadAll(chosen: File[]) {
    if (!listing || chosen.length === 0) return;
    const target = here?._id ?? null;
    let free = listing.usage.quotaBytes - listing.usage.usedBytes;
    const batch: Upload[] = chosen.map((file, i) => ({
      key: `${Date.now()}-${i}`,
      name: file.name,
      fraction: 0,
      state: 'uploading',
    }));
    setUploads(batch);
    const patch = (key: string, change: Partial<Upload>) =>
      setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));
    for (const [i, file] of chosen.entries()) {
      const key = batch[i]!.key;
      // The browser's first check, as the server's: a refusal here sends nothing.
      const problem =
        nameProblem(file.name, 'file') ??
        (file.size > free
          ? `It does not fit: ${formatBytes(Math.max(0, free))} of storage is left.`
          : null);
      if (problem) {
        patch(key, { state: 'failed', message: problem });
        continue;
      }
      try {
        await upload.mutateAsync({
          file,
          folderId: target,
          onProgress: (p) => patch(key, { fraction: p.fraction }),
        });
        free -= file.size;
        patch(key, { state: 'done', fraction: 1 });
      } catch (error) {
        patch(key, { state: 'failed', message: errorMessage(error, 'It could not be uploaded.') });
      }
    }
  }

  const onDragEnter = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    void uploadAll(Array.from(event.dataTransfer.files));
  };

  let body: ReactNode;
  if (library.isPending) body = <p className="text-muted">Loading files…</p>;
  else if (library.isError) {
    body = (
      <p role="alert" className="text-danger">
        {errorMessage(library.error, 'The files could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void library.refetch()}>
          Try again
        </Button>
      </p>
    );
  } else {
    const { folders, files } = library.data;
    body = (
      <>
        {folders.length ? (
          <ul aria-label="Folders" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {folders.map((folder) => (
              <li key={folder._id}>
                <button
                  type="button"
                  onClick={() => setFolderId(folder._id)}
                  className="flex w-full cursor-pointer items-center gap-3 rounded-2xl border-2 border-line bg-canvas p-3 text-left font-semibold hover:border-ink focus-visible:outline-3 focus-visible:outline-accent-strong"
                >
                  <Folder aria-hidden="true" className="size-5 shrink-0 text-accent-strong" />
                  <span className="min-w-0 wrap-anywhere">{folder.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {files.length ? (
          <ul aria-label={`Files in ${placeName}`} className="flex flex-col gap-2">
            {files.map((file) => (
              <FileRow
                key={`${file.source}-${file._id}`}
                file={file}
                canManage={canManage}
                onOpen={setDialog}
                onDelete={async (f) => {
                  try {
                    await deleteFile.mutateAsync(f._id);
                    toastSuccess(
                      `${f.name} is in the bin`,
                      `Restore it from the bin within ${BIN_DAYS} days.`,
                    );
                  } catch (error) {
                    toastApiError(error, `Could not delete ${f.name}`);
                  }
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border-2 border-dashed border-ink/20 p-6 text-center text-muted">
            {here?.kind === 'order'
              ? 'Files sent in this order’s messages, brief and deliverables show up here, with the ones you add.'
              : 'No files here yet. Drop files here or choose Upload files.'}
          </p>
        )}
      </>
    );
  }

  const folderCrumbs: LibraryFolder[] = listing?.path ?? [];
  return (
    <div
      className={cn(
        'relative flex flex-col gap-4 rounded-2xl',
        dragging && 'outline-3 outline-offset-4 outline-accent-strong outline-dashed',
      )}
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Folder path" className="min-w-0">
          <ol className="flex flex-wrap items-center gap-1 text-sm font-semibold">
            <li>
              {here ? (
                <Button variant="link" onClick={() => setFolderId(null)}>
                  Files
                </Button>
              ) : (
                <span aria-current="page">Files</span>
              )}
            </li>
            {folderCrumbs.map((crumb, i) => (
              <li key={crumb._id} className="flex items-center gap-1">
                <ChevronRight aria-hidden="true" className="size-4 text-muted" />
                {i === folderCrumbs.length - 1 ? (
                  <span aria-current="page" className="wrap-anywhere">
                    {crumb.name}
                  </span>
                ) : (
                  <Button variant="link" onClick={() => setFolderId(crumb._id)}>
                    {crumb.name}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {listing ? <UsageBar usage={listing.usage} /> : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full bg-accent px-5 text-[0.95rem] font-semibold text-ink hover:bg-accent-hover has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-strong"
        >
          <Upload aria-hidden="true" className="size-4" />
          Upload files
          <input
            id={inputId}
            type="file"
            multiple
            className="sr-only"
            disabled={!listing}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              void uploadAll(chosen);
            }}
          />
        </label>
        <Button variant="outline" onClick={() => setFolderDialog('new')} disabled={!listing}>
          <FolderPlus aria-hidden="true" />
          New folder
        </Button>
        {canManage && here?.kind === 'custom' ? (
          <>
            <Button variant="ghost" onClick={() => setFolderDialog('rename')}>
              Rename folder
            </Button>
            <Button
              variant="ghost"
              className="text-danger"
              onClick={async () => {
                try {
                  await deleteFolder.mutateAsync(here._id);
                  setFolderId(here.parentId);
                  toastSuccess(`The folder ${here.name} is deleted`);
                } catch (error) {
                  toastApiError(error, `Could not delete ${here.name}`);
                }
              }}
            >
              Delete folder
            </Button>
          </>
        ) : null}
        {canManage ? (
          <Button variant="ghost" onClick={() => setShowBin(true)}>
            <Trash2 aria-hidden="true" />
            Bin
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted">Drop files anywhere here to upload them to {placeName}.</p>

      {uploads.length ? (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-xl bg-canvas px-4 py-3 text-sm">
              <p className="font-semibold wrap-anywhere">{u.name}</p>
              {u.state === 'uploading' ? (
                <UploadProgressBar fraction={u.fraction} />
              ) : u.state === 'done' ? (
                <p role="status">Uploaded {u.name}</p>
              ) : (
                <p role="alert" className="font-semibold text-danger">
                  Not uploaded – {u.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {body}

      <Dialog open={folderDialog !== null} onOpenChange={(open) => !open && setFolderDialog(null)}>
        {folderDialog ? (
          <DialogContent
            title={folderDialog === 'new' ? 'New folder' : 'Rename folder'}
            description={folderDialog === 'new' ? `In ${placeName}` : undefined}
          >
            <NameForm
              what="folder"
              initial={folderDialog === 'rename' ? (here?.name ?? '') : ''}
              submitLabel={folderDialog === 'new' ? 'Make folder' : 'Save name'}
              onSubmit={async (name) => {
                if (folderDialog === 'new') {
                  await createFolder.mutateAsync({ name, parentId: here?._id ?? null });
                } else if (here) {
                  await renameFolder.mutateAsync({ folderId: here._id, name });
                }
                setFolderDialog(null);
              }}
            />
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog ? (
          <DialogContent
            title={
              dialog.kind === 'preview'
                ? dialog.file.name
                : dialog.kind === 'rename'
                  ? 'Rename file'
                  : `Move ${dialog.file.name}`
            }
            className={dialog.kind === 'preview' ? 'max-w-4xl' : undefined}
          >
            {dialog.kind === 'preview' ? (
              <div className="flex flex-col gap-4">
                <Preview file={dialog.file} />
                <div>
                  <DownloadButton file={dialog.file} />
                </div>
              </div>
            ) : dialog.kind === 'rename' ? (
              <NameForm
                what="file"
                initial={dialog.file.name}
                submitLabel="Save name"
                onSubmit={async (name) => {
                  await updateFile.mutateAsync({ fileId: dialog.file._id, name });
                  setDialog(null);
                }}
              />
            ) : listing ? (
              <MoveForm
                file={dialog.file}
                listing={listing}
                onMove={async (target) => {
                  await updateFile.mutateAsync({ fileId: dialog.file._id, folderId: target });
                  setDialog(null);
                  toastSuccess(`${dialog.file.name} is moved`);
                }}
              />
            ) : null}
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
