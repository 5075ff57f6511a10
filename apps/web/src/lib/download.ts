import { apiFetch } from '@/lib/api-client';

/**
 * Files behind the bearer token (CSV exports, invoices, brief attachments) cannot be plain links:
 * fetch them with the token and hand the browser the blob through a temporary link.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const blob = await (await apiFetch(url)).blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
