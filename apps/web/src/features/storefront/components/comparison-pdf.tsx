import 'react-pdf/dist/Page/TextLayer.css';
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Spinner } from '@/components/ui/spinner';
import { useComparisonPdf } from '../api/get-comparison-pdf';

// The worker ships with the app (Vite hashes it into assets/); the CSP allows only our own origin.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const documentOptions = { isEvalSupported: false };

function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * 'Compare Services' (docs/product.md#comparison-pdf): the comparison PDF, fetched via /api/pdf and
 * rendered page by page at the container's width, at most 600 px tall (870 px on large screens).
 */
export default function ComparisonPdf({ url }: { url: string }) {
  const pdf = useComparisonPdf(url);
  const [pageCount, setPageCount] = useState(0);
  const [loadError, setLoadError] = useState('');
  const { ref, width } = useContainerWidth();

  return (
    // Focusable, so a keyboard can scroll a PDF taller than the box (WCAG 2.1.1).
    <div
      ref={ref}
      role="region"
      aria-label="Comparison PDF"
      tabIndex={0}
      className="max-h-[600px] overflow-y-auto rounded-card border-2 border-ink bg-paper focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong lg:max-h-[870px]"
    >
      {pdf.isPending ? (
        <div className="grid h-60 place-items-center">
          <Spinner label="Loading PDF…" />
        </div>
      ) : pdf.isError ? (
        <p className="p-6 font-semibold text-danger">Failed to load PDF file.</p>
      ) : (
        <Document
          file={pdf.data}
          options={documentOptions}
          onLoadSuccess={(document) => setPageCount(document.numPages)}
          onLoadError={(error) => setLoadError(error.message)}
          loading={<p className="p-6 text-muted">Loading PDF…</p>}
          noData={<p className="p-6 text-muted">No PDF file specified.</p>}
          error={
            <p className="p-6 font-semibold text-danger">
              Error while loading document: {loadError}
            </p>
          }
        >
          {Array.from({ length: pageCount }, (_, index) => (
            <Page
              key={index}
              pageNumber={index + 1}
              width={width}
              renderAnnotationLayer={false}
              loading={<p className="p-6 text-muted">Loading page…</p>}
              error={<p className="p-6 text-danger">Failed to load the page.</p>}
              noData={<p className="p-6 text-muted">No page specified.</p>}
              className="border-b border-line last:border-b-0"
            />
          ))}
        </Document>
      )}
    </div>
  );
}
