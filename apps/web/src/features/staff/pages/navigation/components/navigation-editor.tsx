import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Loader2, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import type { NavigationEntry, SiteNavigation } from '@noise/shared/navigation';
import { siteNavigationSchema } from '@noise/shared/site-navigation';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { toastSuccess } from '@/lib/toast';
import { FormErrorAlert } from '../../../components/form-error';
import { StaffSection } from '../../../components/page-header';
import { usePages } from '../../api/get-pages';
import { useManageServices } from '../../../api/get-manage-services';
import { useManageNavigation, useSaveNavigation } from '../api/navigation';

type Area = keyof SiteNavigation;

const AREAS: { area: Area; title: string; description: string }[] = [
  {
    area: 'header',
    title: 'Header links',
    description: 'The navigation bar under the search, and the phone menu, in this order.',
  },
  {
    area: 'footer',
    title: 'Footer services',
    description: "The footer's 'Services' column, in this order.",
  },
];

const targetOf = (entry: NavigationEntry) => `${entry.kind}:${entry.id}`;

/**
 * 'Site navigation' on the Pages screen (docs/product.md#site-navigation): the header's links and
 * the footer's services, each a label and the service or page it leads to. A record a link names
 * cannot be deleted; a failed save keeps what was typed.
 */
export function NavigationEditor() {
  const stored = useManageNavigation();
  const services = useManageServices();
  const pages = usePages();

  const options: SelectOption[] = [
    ...(pages.data ?? []).map((page) => ({
      value: `page:${page._id}`,
      label: `Page: ${page.title}`,
    })),
    ...(services.data ?? [])
      .filter((service) => !service.archived)
      .map((service) => ({ value: `service:${service._id}`, label: `Service: ${service.title}` })),
  ];

  return (
    <StaffSection
      title="Site navigation"
      description={
        stored.data
          ? 'What the header and the footer link to. A page or service linked here cannot be deleted until its link is changed.'
          : undefined
      }
    >
      {stored.data ? (
        <NavigationForm stored={stored.data} options={options} />
      ) : stored.isError ? (
        <FormErrorAlert error={stored.error} />
      ) : (
        <Loader2 className="animate-spin" />
      )}
    </StaffSection>
  );
}

/** The two lists of links as one form, from the links as saved. */
function NavigationForm({ stored, options }: { stored: SiteNavigation; options: SelectOption[] }) {
  const save = useSaveNavigation();
  const form = useForm<SiteNavigation>({
    resolver: zodResolver(siteNavigationSchema),
    defaultValues: stored,
  });
  const values = useWatch({ control: form.control });
  // Every field the server may name (`body.header.3.label`): each link's label and target.
  const serverFields = AREAS.flatMap(({ area }) =>
    (values[area] ?? []).flatMap((_, index) => [
      `${area}.${index}.label` as const,
      `${area}.${index}.id` as const,
      `${area}.${index}.kind` as const,
    ]),
  );

  return (
    <Form
      form={form}
      serverFields={serverFields}
      onSubmit={async (navigation) => {
        const saved = await save.mutateAsync(navigation);
        form.reset(saved);
        toastSuccess('Navigation saved', 'Visitors see it within five minutes.');
      }}
      className="flex flex-col gap-8"
    >
      {AREAS.map(({ area, title, description }) => (
        <LinkList
          key={area}
          area={area}
          title={title}
          description={description}
          control={form.control}
          options={options}
          setTarget={(index, entry) => {
            form.setValue(`${area}.${index}.kind`, entry.kind, { shouldDirty: true });
            form.setValue(`${area}.${index}.id`, entry.id, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          }}
        />
      ))}
      <FormAlert />
      <div>
        <FormSubmit variant="secondary" size="lg">
          Save navigation
        </FormSubmit>
      </div>
    </Form>
  );
}

/** One area's links: each a label and where it leads, moved, removed or added. */
function LinkList({
  area,
  title,
  description,
  control,
  options,
  setTarget,
}: {
  area: Area;
  title: string;
  description: string;
  control: Control<SiteNavigation>;
  options: SelectOption[];
  setTarget: (index: number, entry: Pick<NavigationEntry, 'kind' | 'id'>) => void;
}) {
  const { fields, move, remove, append } = useFieldArray({ control, name: area });
  const entries = useWatch({ control, name: area });

  return (
    <fieldset className="min-w-0">
      <legend className="text-lg font-bold">{title}</legend>
      <p className="mb-4 text-sm text-muted">{description}</p>
      <ol className="flex flex-col gap-4">
        {fields.map((field, index) => {
          const entry = entries[index] ?? field;
          const known = options.some((o) => o.value === targetOf(entry));
          return (
            <li
              key={field.id}
              aria-label={`${title}, link ${index + 1}`}
              className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            >
              <FormField
                control={control}
                name={`${area}.${index}.label`}
                render={(props) => <TextInput label="Label" maxLength={60} {...props} />}
              />
              <FormField
                control={control}
                name={`${area}.${index}.id`}
                render={({ error, ref, onBlur, name }) => (
                  <Select
                    label="Leads to"
                    name={name}
                    ref={ref}
                    onBlur={onBlur}
                    value={targetOf(entry)}
                    placeholder="Choose a page or service"
                    options={
                      known || !entry.id
                        ? options
                        : [
                            {
                              value: targetOf(entry),
                              label: `${entry.id} (no longer on the site)`,
                            },
                            ...options,
                          ]
                    }
                    error={error}
                    onChange={(event) => {
                      const [kind, ...rest] = event.target.value.split(':');
                      setTarget(index, {
                        kind: kind as NavigationEntry['kind'],
                        id: rest.join(':'),
                      });
                    }}
                  />
                )}
              />
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move '${entry.label}' up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move '${entry.label}' down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove '${entry.label}'`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => append({ label: '', kind: 'page', id: '' })}
      >
        <Plus aria-hidden="true" />
        Add link
      </Button>
    </fieldset>
  );
}
