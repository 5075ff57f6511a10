import { Loader2, Trash2 } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';
import { FileField } from '../../components/file-field';
import { StaffSection } from '../../components/page-header';
import { useRemoveLogo, useUploadLogo } from '../api/business-details';

/**
 * Settings > Business details > Logo: uploaded on its own (the file is sent as soon as it is
 * chosen) and in force at once on the site's header, every email and every PDF.
 */
export function LogoSection({ logoUrl, companyName }: { logoUrl: string; companyName: string }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;
  const error = upload.error ?? remove.error;

  return (
    <StaffSection
      title="Logo"
      description="On the site's header, at the top of every email and on invoices and adjustment notes."
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="grid h-24 w-full shrink-0 place-items-center overflow-hidden rounded-xl border-2 border-line bg-canvas p-3 sm:w-60">
          {logoUrl ? (
            <img src={logoUrl} alt={`${companyName} logo`} className="max-h-full max-w-full" />
          ) : (
            <span className="text-center text-sm text-muted">
              No logo: the name is shown instead
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <FileField
            label={logoUrl ? 'Replace the logo' : 'Upload a logo'}
            accept="image/png,image/jpeg,image/webp"
            hint="PNG, JPEG or WebP, at most 2 MB. A wide logo on a transparent background works best; it is shown up to 600 × 200 px."
            error={error ? errorMessage(error) : undefined}
            onFiles={([file]) => {
              if (!file) return;
              remove.reset();
              upload.mutate(file, {
                onSuccess: () =>
                  toastSuccess('Logo saved', 'The site, emails and invoices use it now.'),
              });
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            {upload.isPending ? (
              <span role="status" className="inline-flex items-center gap-2 text-sm text-muted">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Uploading the logo…
              </span>
            ) : null}
            {logoUrl ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  upload.reset();
                  remove.mutate(undefined, { onSuccess: () => toastSuccess('Logo removed') });
                }}
              >
                <Trash2 aria-hidden="true" />
                Remove logo
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </StaffSection>
  );
}
