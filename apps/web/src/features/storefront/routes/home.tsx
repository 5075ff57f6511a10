import { ArrowDown, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BUSINESS_ACCELERATOR_SERVICE_ID } from '@noise/shared/home-links';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';
import { IndustryGrid } from '../components/industry-grid';
import { ServicesMap } from '../components/services-map';

const bars = [38, 72, 54, 96, 64, 82, 46, 100, 70, 52, 88, 60, 40, 76, 58, 92, 48, 66];

function SoundWave() {
  return (
    <div aria-hidden="true" className="flex h-28 items-end gap-1.5 sm:h-40 sm:gap-2">
      {bars.map((height, index) => (
        <span
          key={index}
          className="w-2 origin-bottom animate-float rounded-full bg-accent sm:w-3"
          style={{
            height: `${height}%`,
            opacity: 0.35 + (height / 100) * 0.65,
            animationDelay: `${(index % 6) * -0.9}s`,
          }}
        />
      ))}
    </div>
  );
}

export function HomeRoute() {
  usePageMeta('Marketing that gets heard');

  return (
    <>
      <section className="relative overflow-hidden bg-ink text-paper">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-72 -right-72 size-[52rem] bg-radial-[closest-side] from-accent/25 from-40% to-transparent"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 pt-16 pb-20 sm:px-6 md:pt-24 md:pb-28 lg:grid-cols-[1.4fr_1fr] lg:items-end lg:px-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-paper/20 px-4 py-1.5 text-sm font-semibold text-paper/85">
              <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
              Full-service marketing agency
            </p>
            <h1 className="mt-6 text-[clamp(3.5rem,16vw,9.5rem)] leading-[0.88] font-extrabold tracking-[-0.04em]">
              We Make Noise<span className="text-accent">.</span>
            </h1>
            <p className="mt-8 max-w-xl text-lg text-paper/80 sm:text-xl">
              Brands that whisper get ignored. We build the strategy, content, campaigns and
              websites that make people stop, look and buy.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={`/services/${BUSINESS_ACCELERATOR_SERVICE_ID}`}>
                  Business Accelerator
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline-inverted">
                <a href="#mind-map">
                  Explore services
                  <ArrowDown aria-hidden="true" />
                </a>
              </Button>
            </div>
          </div>
          <div className="lg:justify-self-end">
            <SoundWave />
          </div>
        </div>
      </section>

      <section
        id="mind-map"
        aria-labelledby="mind-map-title"
        className="scroll-mt-24 py-20 sm:py-28"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-bold tracking-[0.2em] text-accent-strong uppercase">
              Everything we do
            </p>
            <h2 id="mind-map-title" className="mt-3 text-4xl font-extrabold sm:text-6xl">
              Pick your noise.
            </h2>
            <p className="mt-4 text-lg text-muted">
              Sixteen ways to get your business seen and heard. Choose one to see packages and
              prices.
            </p>
          </div>
          <div className="mt-12 md:mt-8">
            <ServicesMap />
          </div>
        </div>
      </section>

      <section
        aria-labelledby="industries-title"
        className="border-t border-line bg-paper py-20 sm:py-28"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col justify-between gap-4 md:flex-row md:items-end">
            <div>
              <p className="text-sm font-bold tracking-[0.2em] text-accent-strong uppercase">
                Made for your market
              </p>
              <h2 id="industries-title" className="mt-3 text-4xl font-extrabold sm:text-6xl">
                Search by Industry
              </h2>
            </div>
            <p className="max-w-md text-lg text-muted">
              See how we make noise for businesses like yours.
            </p>
          </div>
          <div className="mt-10">
            <IndustryGrid />
          </div>
        </div>
      </section>
    </>
  );
}
