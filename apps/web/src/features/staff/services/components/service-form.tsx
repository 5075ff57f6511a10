import {
  defaultPriceSuffix,
  intervalTerms,
  isDefaultPriceSuffix,
  recurringIntervals,
} from '@noise/shared/intervals';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Loader2, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ManageService } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import type { UploadProgress } from '@/lib/upload';
import { FormErrorAlert } from '../../components/form-error';
import { StaffSection } from '../../components/page-header';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { useConfirm } from '../../components/use-confirm';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { IntakeQuestionsEditor } from '../../components/intake/intake-questions-editor';
import { MediaFields } from './media-fields';
import {
  emptyExtra,
  emptyFaq,
  emptyPackage,
  filesOf,
  serviceFormValuesSchema,
  toServiceFormData,
  valuesOf,
  type ServiceFiles,
  type ServiceFormValues,
} from './service-form-model';

// The preview reuses the public page's components; they load only when a preview is opened.
const ServicePreview = lazy(() => import('./service-preview'));

const LIST = '/wkm-dashboard/services';
/** Server error paths that name a field of this form. */
const FIELD_PATH =
  /^(title|description|initialInvestmentDescription|deliveryDays|(packages|serviceExtras|faqs|intakeQuestions)\.\d+\.\w+)$/;

const packageTypeOptions = [
  { value: 'one-time', label: 'One-time' },
  ...recurringIntervals.map((interval) => ({
    value: interval,
    label: intervalTerms(interval).label,
  })),
];

function ItemCard({
  legend,
  onRemove,
  removeLabel,
  children,
}: {
  legend: string;
  onRemove: () => void;
  removeLabel: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="rounded-xl border-2 border-line p-4 sm:p-5">
      <legend className="px-2 font-display text-lg font-bold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <Button variant="ghost" size="sm" className="mt-4 text-danger" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        {removeLabel}
      </Button>
    </fieldset>
  );
}

/** Manage Service (docs/product.md#manage-service-form). Without a service it creates one. */
export function ServiceForm({ service }: { service?: ManageService }) {
  const editing = service !== undefined;
  const navigate = useNavigate();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const create = useCreateService(setProgress);
  const update = useUpdateService(service?._id ?? '', setProgress);
  const save = editing ? update : create;
  const [files, setFiles] = useState<ServiceFiles>(() => filesOf(service));
  const [previewOpen, setPreviewOpen] = useState(false);
  const [previewValues, setPreviewValues] = useState<ServiceFormValues | null>(null);
  const [confirm, confirmElement] = useConfirm();

  const form = useForm<ServiceFormValues>({
    resolver: zodResolver(serviceFormValuesSchema),
    defaultValues: valuesOf(service),
  });
  const { errors } = form.formState;
  const packages = useFieldArray({ control: form.control, name: 'packages' });
  const extras = useFieldArray({ control: form.control, name: 'serviceExtras' });
  const faqs = useFieldArray({ control: form.control, name: 'faqs' });
  const packageValues = useWatch({ control: form.control, name: 'packages' });
  // One 'Most popular' package per service (docs/decisions/057): marking one unmarks the others.
  const markMostPopular = (index: number, on: boolean) => {
    form.getValues('packages').forEach((_, i) => {
      form.setValue(`packages.${i}.recommended`, on && i === index, { shouldDirty: true });
    });
  };

  const hasFiles =
    Boolean(files.featurePhoto || files.comparisonPdf || files.galleryFiles.length) ||
    files.videos.some((v) => v.kind === 'new');

  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(null);
    const body = toServiceFormData(values, files);
    try {
      if (editing) await update.mutateAsync(body);
      else await create.mutateAsync(body);
      toastSuccess(editing ? 'Service updated' : 'Service published');
      navigate(LIST);
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (FIELD_PATH.test(detail.path)) {
            form.setError(detail.path as FieldPath<ServiceFormValues>, { message: detail.message });
          }
        }
      }
    } finally {
      setProgress(null);
    }
  });

  async function remove(what: string, run: () => void) {
    if (await confirm(`Are you sure you want to remove this ${what}?`)) run();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <StaffSection title="Service details">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextInput
              label="Title"
              required
              error={errors.title?.message}
              {...form.register('title')}
            />
          </div>
          <TextInput
            label="Initial investment description"
            hint="What the set-up pays for. The amount is each recurring package's Initial Investment, below."
            error={errors.initialInvestmentDescription?.message}
            {...form.register('initialInvestmentDescription')}
          />
          <TextInput
            label="Delivery time (working days)"
            inputMode="numeric"
            required
            hint="From the customer's brief to delivery, weekends skipped. Sets each order's due date."
            error={errors.deliveryDays?.message}
            {...form.register('deliveryDays')}
          />
          <div className="sm:col-span-2">
            <Textarea
              label="Description"
              className="min-h-40"
              error={errors.description?.message}
              {...form.register('description')}
            />
          </div>
        </div>
      </StaffSection>

      <StaffSection title="Media">
        <MediaFields files={files} onChange={setFiles} />
      </StaffSection>

      <StaffSection
        title="Packages"
        description="Each package is a tab on the service page."
        actions={
          <Button variant="outline" size="sm" onClick={() => packages.append({ ...emptyPackage })}>
            <Plus aria-hidden="true" />
            Add Package
          </Button>
        }
      >
        {packages.fields.length === 0 ? (
          <p className="text-sm text-muted">No packages yet.</p>
        ) : (
          <div className="flex flex-col gap-5">
            {packages.fields.map((field, index) => {
              const e = errors.packages?.[index];
              return (
                <ItemCard
                  key={field.id}
                  legend={`Package ${index + 1}`}
                  removeLabel="Remove package"
                  onRemove={() => void remove('package', () => packages.remove(index))}
                >
                  <TextInput
                    label="Package title"
                    error={e?.title?.message}
                    {...form.register(`packages.${index}.title`)}
                  />
                  <Select
                    label="Type"
                    options={packageTypeOptions}
                    error={e?.type?.message}
                    {...form.register(`packages.${index}.type`, {
                      // A default suffix follows the type ('/month exc. GST' to '/quarter
                      // exc. GST'); one the staff wrote stays.
                      onChange: (event: { target: { value: string } }) => {
                        const suffix = form.getValues(`packages.${index}.priceSuffix`);
                        if (isDefaultPriceSuffix(suffix)) {
                          form.setValue(
                            `packages.${index}.priceSuffix`,
                            defaultPriceSuffix(event.target.value),
                          );
                        }
                      },
                    })}
                  />
                  <TextInput
                    label="Initial Investment"
                    inputMode="decimal"
                    required
                    error={e?.baseCost?.message}
                    {...form.register(`packages.${index}.baseCost`)}
                  />
                  <TextInput
                    label="Recurring Fees"
                    inputMode="decimal"
                    required
                    error={e?.recurringCost?.message}
                    {...form.register(`packages.${index}.recurringCost`)}
                  />
                  <TextInput
                    label="Price suffix"
                    required
                    hint="For example: /quarter exc. GST"
                    error={e?.priceSuffix?.message}
                    {...form.register(`packages.${index}.priceSuffix`)}
                  />
                  <TextInput
                    label="Features"
                    hint="Separate features with commas."
                    error={e?.features?.message}
                    {...form.register(`packages.${index}.features`)}
                  />
                  <TextInput
                    label="Active requests at once"
                    inputMode="numeric"
                    hint="Recurring packages only (weekly to yearly): makes the package a request plan. Blank: not a plan."
                    error={e?.activeRequestLimit?.message}
                    {...form.register(`packages.${index}.activeRequestLimit`)}
                  />
                  <TextInput
                    label="Requests per period"
                    inputMode="numeric"
                    hint="How many requests a client may submit each period (week, two weeks, month, quarter or year). Blank: unlimited."
                    error={e?.requestsPerPeriod?.message}
                    {...form.register(`packages.${index}.requestsPerPeriod`)}
                  />
                  <TextInput
                    label="Extra request price ($)"
                    inputMode="decimal"
                    hint="Before GST. With a per-period cap: a client who has used it can buy one more request at this price. Blank: none sold."
                    error={e?.extraRequestPrice?.message}
                    {...form.register(`packages.${index}.extraRequestPrice`)}
                  />
                  <Checkbox
                    label="Most popular"
                    checked={packageValues[index]?.recommended ?? false}
                    onCheckedChange={(on) => markMostPopular(index, on === true)}
                  />
                  {packageValues[index]?.type !== 'one-time' ? (
                    <TextInput
                      label="Minimum term (periods)"
                      inputMode="numeric"
                      hint="How many periods a plan stays on this package before it can move to a cheaper one. Blank: none."
                      error={e?.minimumTermPeriods?.message}
                      {...form.register(`packages.${index}.minimumTermPeriods`)}
                    />
                  ) : null}
                  {packageValues[index]?.type !== 'one-time' ? (
                    <Checkbox
                      label="Clients may pause this plan (staff always may)"
                      checked={packageValues[index]?.clientsMayPause ?? false}
                      onCheckedChange={(on) =>
                        form.setValue(`packages.${index}.clientsMayPause`, on === true, {
                          shouldDirty: true,
                        })
                      }
                    />
                  ) : null}
                </ItemCard>
              );
            })}
          </div>
        )}
      </StaffSection>

      <StaffSection
        title="Service extras"
        description="Optional add-ons customers can pick with any package."
        actions={
          <Button variant="outline" size="sm" onClick={() => extras.append({ ...emptyExtra })}>
            <Plus aria-hidden="true" />
            Add Extra
          </Button>
        }
      >
        {extras.fields.length === 0 ? (
          <p className="text-sm text-muted">No extras yet.</p>
        ) : (
          <div className="flex flex-col gap-5">
            {extras.fields.map((field, index) => {
              const e = errors.serviceExtras?.[index];
              return (
                <ItemCard
                  key={field.id}
                  legend={`Extra ${index + 1}`}
                  removeLabel="Remove extra"
                  onRemove={() => void remove('extra', () => extras.remove(index))}
                >
                  <TextInput
                    label="Extra title"
                    required
                    error={e?.title?.message}
                    {...form.register(`serviceExtras.${index}.title`)}
                  />
                  <TextInput
                    label="Price"
                    inputMode="decimal"
                    required
                    error={e?.price?.message}
                    {...form.register(`serviceExtras.${index}.price`)}
                  />
                  <div className="sm:col-span-2">
                    <Textarea
                      label="Extra description"
                      required
                      className="min-h-20"
                      error={e?.description?.message}
                      {...form.register(`serviceExtras.${index}.description`)}
                    />
                  </div>
                </ItemCard>
              );
            })}
          </div>
        )}
      </StaffSection>

      <StaffSection
        title="FAQs"
        actions={
          <Button variant="outline" size="sm" onClick={() => faqs.append({ ...emptyFaq })}>
            <Plus aria-hidden="true" />
            Add FAQ
          </Button>
        }
      >
        {faqs.fields.length === 0 ? (
          <p className="text-sm text-muted">No FAQs yet.</p>
        ) : (
          <div className="flex flex-col gap-5">
            {faqs.fields.map((field, index) => {
              const e = errors.faqs?.[index];
              return (
                <ItemCard
                  key={field.id}
                  legend={`FAQ ${index + 1}`}
                  removeLabel="Remove FAQ"
                  onRemove={() => void remove('FAQ', () => faqs.remove(index))}
                >
                  <div className="sm:col-span-2">
                    <TextInput
                      label="Question"
                      required
                      error={e?.question?.message}
                      {...form.register(`faqs.${index}.question`)}
                    />
                  </div>
                  <div className="sm:col-span-2">
                    <Textarea
                      label="Answer"
                      required
                      className="min-h-20"
                      error={e?.answer?.message}
                      {...form.register(`faqs.${index}.answer`)}
                    />
                  </div>
                </ItemCard>
              );
            })}
          </div>
        )}
      </StaffSection>

      <FormProvider {...form}>
        <IntakeQuestionsEditor />
      </FormProvider>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-4 border-t border-line bg-canvas/95 px-4 py-4 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-10 lg:px-10">
        {Object.keys(errors).length ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            Please check the highlighted fields.
          </p>
        ) : null}
        {save.isError ? <FormErrorAlert error={save.error} /> : null}
        {save.isPending && hasFiles ? (
          <UploadProgressBar fraction={progress?.fraction ?? 0} />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" size="lg" disabled={save.isPending}>
            {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {editing ? 'Update' : 'Publish'}
          </Button>
          {!editing ? (
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                setPreviewValues(form.getValues());
                setPreviewOpen(true);
              }}
            >
              <Eye aria-hidden="true" />
              Preview
            </Button>
          ) : null}
          <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
            Cancel
          </Button>
        </div>
      </div>

      {confirmElement}
      {previewValues ? (
        <Sheet
          open={previewOpen}
          onOpenChange={setPreviewOpen}
          side="bottom"
          title="Preview"
          description="How the service page will look once published. Nothing is saved yet."
          className="!max-h-[92dvh]"
        >
          <Suspense fallback={<Spinner label="Loading preview" className="w-full py-16" />}>
            <ServicePreview values={previewValues} files={files} />
          </Suspense>
        </Sheet>
      ) : null}
    </form>
  );
}
