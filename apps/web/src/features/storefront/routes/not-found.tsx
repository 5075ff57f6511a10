import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundView({
  title = 'Page not found',
  message = 'The page you are looking for has moved, or never made a sound.',
}: {
  title?: string;
  message?: string;
}) {
  usePageMeta(title, undefined, { noindex: true });
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p
        aria-hidden="true"
        className="font-display text-[7rem] leading-none font-extrabold text-ink sm:text-[10rem]"
      >
        4<span className="text-accent">0</span>4
      </p>
      <h1 className="mt-6 text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-md text-lg text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/#mind-map">Browse services</Link>
        </Button>
      </div>
    </section>
  );
}

export function NotFoundRoute() {
  return <NotFoundView />;
}
