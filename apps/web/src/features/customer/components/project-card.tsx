import { Check } from 'lucide-react';
import { deliveredDate, projectStageLabel } from '@noise/shared/project-constants';
import { fullNameOf } from '@noise/shared/display-name';
import type { Project } from '@noise/shared/project';
import { orderRefundText } from '@noise/shared/order-money';
import { formatMoney, formatMoneyGst, gstNotes } from '@noise/shared/pricing';
import { useCurrentUser } from '@/lib/current-user';
import { formatDate, formatPrice } from '@/lib/format';

/**
 * The delivered date once there is one (docs/product.md#project-page), else the date it is due
 * (paused while on hold), else how long it takes once the brief is in (docs/decisions/054).
 */
function deliveryDateLabel(
  project: Pick<
    Project,
    'deliveryDate' | 'expectedDeliveryDate' | 'startDate' | 'status' | 'deliveryDays'
  >,
): string {
  const delivered = deliveredDate(project);
  if (delivered) return formatDate(delivered);
  if (project.status === 'cancelled') return 'N/A';
  if (project.status === 'on-hold') return 'Paused while on hold';
  const { expectedDeliveryDate } = project;
  if (expectedDeliveryDate) return `Expected ${formatDate(expectedDeliveryDate)}`;
  const days = project.deliveryDays;
  return `${days} working ${days === 1 ? 'day' : 'days'} after your brief`;
}

/** A recurring plan's next period (docs/product.md#recurring-packages). */
function nextPeriodLabel(project: Pick<Project, 'nextPeriodAt' | 'status'>): string {
  if (project.nextPeriodAt) return `Starts ${formatDate(project.nextPeriodAt)}`;
  return project.status === 'cancelled' ? 'N/A' : 'The plan has ended';
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-semibold wrap-anywhere">{value}</dd>
    </div>
  );
}

/** The side card: cover, service, status, package features and the order's numbers. */
export function ProjectCard({ project }: { project: Project }) {
  // A company's orders are all of its people's: say who placed one someone else ordered.
  const me = useCurrentUser().data?._id;
  const orderedBy =
    me && project.user._id !== me ? fullNameOf(project.user.profile) || project.user.email : null;
  const { money } = project;
  const refunded = orderRefundText(money);
  const features = project.package.features
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean);
  return (
    <div className="overflow-hidden rounded-card border-2 border-ink bg-paper">
      <img
        src={project.service.featurePhoto || '/service-placeholder.svg'}
        alt=""
        onError={(event) => {
          if (!event.currentTarget.src.endsWith('/service-placeholder.svg')) {
            event.currentTarget.src = '/service-placeholder.svg';
          }
        }}
        className="aspect-[16/9] w-full bg-ink object-cover"
      />
      <div className="p-6">
        <h2 className="text-2xl font-extrabold">{project.service.title}</h2>
        {project.package.title ? <p className="text-muted">{project.package.title}</p> : null}
        <p className="mt-3 inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-strong">
          {projectStageLabel(project, 'customer')}
        </p>
        {features.length ? (
          <ul aria-label="Package features" className="mt-5 flex flex-col gap-2 text-sm">
            {features.map((feature, index) => (
              <li key={`${feature}-${index}`} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-strong" />
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        {project.extras.length ? (
          <div className="mt-5">
            <h3 className="text-sm font-bold">Extras</h3>
            <ul aria-label="Extras" className="mt-2 flex flex-col gap-1.5 text-sm">
              {project.extras.map((extra) => (
                <li key={extra._id} className="flex justify-between gap-4">
                  <span>{extra.title}</span>
                  <span className="font-semibold">{formatPrice(extra.price)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="mt-5 divide-y-2 divide-line border-t-2 border-line text-sm">
          {/* A plan runs in periods: when the next one starts, not a delivery date. */}
          {money.period ? (
            <Row label="Next period" value={nextPeriodLabel(project)} />
          ) : (
            <Row label="Delivery Date" value={deliveryDateLabel(project)} />
          )}
          <Row label="Co-ordinator" value={project.coordinatorName || 'Being assigned'} />
          {/* One set of figures (order-money.ts): never a first payment beside '/month'. */}
          <Row
            label={money.depositCents ? 'Deposit paid' : money.period ? 'Paid at order' : 'Paid'}
            value={formatMoneyGst(money.paidAtOrderCents, 'inc', money.currency)}
          />
          {money.depositCents ? (
            <Row
              label={money.balanceDueCents ? 'Balance due' : 'Balance paid'}
              value={formatMoneyGst(money.balanceCents, 'inc', money.currency)}
            />
          ) : null}
          {money.period ? (
            <Row
              label="Then"
              value={`${formatMoney(money.recurringCents, money.currency)} every ${money.period} ${gstNotes.inc}`}
            />
          ) : null}
          {money.chargedCents !== money.paidAtOrderCents ? (
            <Row
              label="Charged in all"
              value={formatMoneyGst(money.chargedCents, 'inc', money.currency)}
            />
          ) : null}
          {refunded ? <Row label="Refunds" value={refunded} /> : null}
          <Row label="Order Number" value={String(project.orderNumber)} />
          {orderedBy ? <Row label="Ordered by" value={orderedBy} /> : null}
        </dl>
      </div>
    </div>
  );
}
