/** A bar for a multipart upload in flight. */
export function UploadProgressBar({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const done = percent >= 100;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm font-semibold">
        <span>{done ? 'Processing files…' : 'Uploading…'}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-ink/10"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
