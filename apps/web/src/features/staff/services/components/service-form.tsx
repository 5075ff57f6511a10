import {
  defaultPriceSuffix,
  intervalTerms,
  isDefaultPriceSuffix,
  recurringIntervals,
} from '@noise/shared/intervals';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ManageService } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toastSuccess } from '@/lib/toast';
import type { UploadProgress } from '@/lib/upload';
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
/** The server's error paths that name a field of this form: its own, and each item's. */
function serverFieldsOf(values: ServiceFormValues): FieldPath<ServiceFormValues>[] {
  const lists = ['packages', 'serviceExtras', 'faqs', 'intakeQuestions'] as const;
  return [
    'title',
    'description',
    'initialInvestmentDescription',
    'deliveryDays',
    ...lists.flatMap((list) =>
      values[list].flatMap((item, index) =>
        Object.keys(item).map((key) => `${list}.${index}.${key}` as FieldPath<ServiceFormValues>),
      ),
    ),
  ];
}

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
  // A field's own refusal (the schema's or the server's), not only the form's.
  const fieldsRefused = Object.keys(errors).some((name) => name !== 'root');
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

  async function onSubmit(values: ServiceFormValues) {
    setProgress(null);
    const body = toServiceFormData(values, files);
    try {
      if (editing) await update.mutateAsync(body);
      else await create.mutateAsync(body);
      toastSuccess(editing ? 'Service updated' : 'Service published');
      navigate(LIST);
    } finally {
      setProgress(null);
    }
  }

  async function remove(what: string, run: () => void) {
    if (await confirm(`Are you sure you want to remove this ${what}?`)) run();
  }

  return (
    <Form
      form={form}
      serverFields={serverFieldsOf(form.getValues())}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      <StaffSection title="Service details">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField
              control={form.control}
              name="title"
              render={(field) => <TextInput label="Title" required {...field} />}
            />
          </div>
          <FormField
            control={form.control}
            name="initialInvestmentDescription"
            render={(field) => (
              <TextInput
                label="Initial investment description"
                hint="What the set-up pays for. The amount is each recurring package's Initial Investment, below."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="deliveryDays"
            render={(field) => (
              <TextInput
                label="Delivery time (working days)"
                inputMode="numeric"
                required
                hint="From the customer's brief to delivery, weekends skipped. Sets each order's due date."
                {...field}
              />
            )}
          />
          <div className="sm:col-span-2">
            <FormField
              control={form.control}
              name="description"
              render={(field) => <Textarea label="Description" className="min-h-40" {...field} />}
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
              return (
                <ItemCard
                  key={field.id}
                  legend={`Package ${index + 1}`}
                  removeLabel="Remove package"
                  onRemove={() => void remove('package', () => packages.remove(index))}
                >
                  <FormField
                    control={form.control}
                    name={`packages.${index}.title`}
                    render={(field) => <TextInput label="Package title" {...field} />}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.type`}
                    render={(field) => (
                      <Select
                        label="Type"
                        options={packageTypeOptions}
                        {...field}
                        onChange={(event) => {
                          field.onChange(event);
                          // A default suffix follows the type ('/month exc. GST' to '/quarter
                          // exc. GST'); one the staff wrote stays.
                          const suffix = form.getValues(`packages.${index}.priceSuffix`);
                          if (isDefaultPriceSuffix(suffix)) {
                            form.setValue(
                              `packages.${index}.priceSuffix`,
                              defaultPriceSuffix(event.target.value),
                            );
                          }
                        }}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.baseCost`}
                    render={(field) => (
                      <TextInput
                        label="Initial Investment"
                        inputMode="decimal"
                        required
                        {...field}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.recurringCost`}
                    render={(field) => (
                      <TextInput label="Recurring Fees" inputMode="decimal" required {...field} />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.priceSuffix`}
                    render={(field) => (
                      <TextInput
                        label="Price suffix"
                        required
                        hint="For example: /quarter exc. GST"
                        {...field}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.features`}
                    render={(field) => (
                      <TextInput
                        label="Features"
                        hint="Separate features with commas."
                        {...field}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.activeRequestLimit`}
                    render={(field) => (
                      <TextInput
                        label="Active requests at once"
                        inputMode="numeric"
                        hint="Recurring packages only (weekly to yearly): makes the package a request plan. Blank: not a plan."
                        {...field}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.requestsPerPeriod`}
                    render={(field) => (
                      <TextInput
                        label="Requests per period"
                        inputMode="numeric"
                        hint="How many requests a client may submit each period (week, two weeks, month, quarter or year). Blank: unlimited."
                        {...field}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`packages.${index}.extraRequestPrice`}
                    render={(field) => (
                      <TextInput
                        label="Extra request price ($)"
                        inputMode="decimal"
                        hint="Before GST. With a per-period cap: a client who has used it can buy one more request at this price. Blank: none sold."
                        {...field}
                      />
                    )}
                  />
                  <Checkbox
                    label="Most popular"
                    checked={packageValues[index]?.recommended ?? false}
                    onCheckedChange={(on) => markMostPopular(index, on === true)}
                  />
                  {packageValues[index]?.type !== 'one-time' ? (
                    <FormField
                      control={form.control}
                      name={`packages.${index}.minimumTermPeriods`}
                      render={(field) => (
                        <TextInput
                          label="Minimum term (periods)"
                          inputMode="numeric"
                          hint="How many periods a plan stays on this package before it can move to a cheaper one. Blank: none."
                          {...field}
                        />
                      )}
                    />
                  ) : null}
                  {packageValues[index]?.type !== 'one-time' ? (
                    <FormField
                      control={form.control}
                      name={`packages.${index}.clientsMayPause`}
                      render={(field) => (
                        <Checkbox
                          label="Clients may pause this plan (staff always may)"
                          name={field.name}
                          checked={field.value ?? false}
                          onCheckedChange={(on) => field.onChange(on === true)}
                          onBlur={field.onBlur}
                          ref={field.ref}
                        />
                      )}
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
              return (
                <ItemCard
                  key={field.id}
                  legend={`Extra ${index + 1}`}
                  removeLabel="Remove extra"
                  onRemove={() => void remove('extra', () => extras.remove(index))}
                >
                  <FormField
                    control={form.control}
                    name={`serviceExtras.${index}.title`}
                    render={(field) => <TextInput label="Extra title" required {...field} />}
                  />
                  <FormField
                    control={form.control}
                    name={`serviceExtras.${index}.price`}
                    render={(field) => (
                      <TextInput label="Price" inputMode="decimal" required {...field} />
                    )}
                  />
                  <div className="sm:col-span-2">
                    <FormField
                      control={form.control}
                      name={`serviceExtras.${index}.description`}
                      render={(field) => (
                        <Textarea
                          label="Extra description"
                          required
                          className="min-h-20"
                          {...field}
                        />
                      )}
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
              return (
                <ItemCard
                  key={field.id}
                  legend={`FAQ ${index + 1}`}
                  removeLabel="Remove FAQ"
                  onRemove={() => void remove('FAQ', () => faqs.remove(index))}
                >
                  <div className="sm:col-span-2">
                    <FormField
                      control={form.control}
                      name={`faqs.${index}.question`}
                      render={(field) => <TextInput label="Question" required {...field} />}
                    />
                  </div>
                  <div className="sm:col-span-2">
                    <FormField
                      control={form.control}
                      name={`faqs.${index}.answer`}
                      render={(field) => (
                        <Textarea label="Answer" required className="min-h-20" {...field} />
                      )}
                    />
                  </div>
                </ItemCard>
              );
            })}
          </div>
        )}
      </StaffSection>

      <IntakeQuestionsEditor />

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-4 border-t border-line bg-canvas px-4 py-4 sm:-mx-6 sm:px-6 lg:-mx-10 lg:px-10">
        {fieldsRefused ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            Please check the highlighted fields.
          </p>
        ) : null}
        <FormAlert />
        {save.isPending && hasFiles ? (
          <UploadProgressBar fraction={progress?.fraction ?? 0} />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <FormSubmit variant="secondary" size="lg">
            {editing ? 'Update' : 'Publish'}
          </FormSubmit>
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
    </Form>
  );
}
