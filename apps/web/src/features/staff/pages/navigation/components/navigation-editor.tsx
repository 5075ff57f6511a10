import { ArrowDown, ArrowUp, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { NavigationEntry, SiteNavigation } from '@noise/shared/navigation';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
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
  const save = useSaveNavigation();
  const [draft, setDraft] = useState<SiteNavigation | null>(null);
  const navigation = draft ?? stored.data;

  const options: SelectOption[] = [
    ...(pages.data ?? []).map((page) => ({
      value: `page:${page._id}`,
      label: `Page: ${page.title}`,
    })),
    ...(services.data ?? [])
      .filter((service) => !service.archived)
      .map((service) => ({ value: `service:${service._id}`, label: `Service: ${service.title}` })),
  ];

  if (!navigation) {
    return (
      <StaffSection title="Site navigation">
        {stored.isError ? (
          <FormErrorAlert error={stored.error} />
        ) : (
          <Loader2 className="animate-spin" />
        )}
      </StaffSection>
    );
  }

  const change = (area: Area, next: NavigationEntry[]) => setDraft({ ...navigation, [area]: next });
  const fieldError = (path: string) =>
    isApiError(save.error) ? save.error.details.find((d) => d.path === path)?.message : undefined;

  async function onSave() {
    if (!navigation) return;
    try {
      await save.mutateAsync(navigation);
      setDraft(null);
      toastSuccess('Navigation saved', 'Visitors see it within five minutes.');
    } catch {
      // The alert below says why; the links stay as typed.
    }
  }

  return (
    <StaffSection
      title="Site navigation"
      description="What the header and the footer link to. A page or service linked here cannot be deleted until its link is changed."
    >
      <div className="flex flex-col gap-8">
        {AREAS.map(({ area, title, description }) => {
          const entries = navigation[area];
          return (
            <fieldset key={area} className="min-w-0">
              <legend className="text-lg font-bold">{title}</legend>
              <p className="mb-4 text-sm text-muted">{description}</p>
              <ol className="flex flex-col gap-4">
                {entries.map((entry, index) => {
                  const path = `${area}.${index}`;
                  const replace = (changes: Partial<NavigationEntry>) =>
                    change(
                      area,
                      entries.map((e, i) => (i === index ? { ...e, ...changes } : e)),
                    );
                  const move = (by: number) => {
                    const next = [...entries];
                    const [moved] = next.splice(index, 1);
                    next.splice(index + by, 0, moved!);
                    change(area, next);
                  };
                  const known = options.some((o) => o.value === targetOf(entry));
                  return (
                    <li
                      key={`${area}-${index}`}
                      aria-label={`${title}, link ${index + 1}`}
                      className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
                    >
                      <TextInput
                        label="Label"
                        value={entry.label}
                        maxLength={60}
                        error={fieldError(`body.${path}.label`)}
                        onChange={(event) => replace({ label: event.target.value })}
                      />
                      <Select
                        label="Leads to"
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
                        error={fieldError(`${path}.id`) ?? fieldError(`body.${path}.id`)}
                        onChange={(event) => {
                          const [kind, ...rest] = event.target.value.split(':');
                          replace({ kind: kind as NavigationEntry['kind'], id: rest.join(':') });
                        }}
                      />
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Move '${entry.label}' up`}
                          disabled={index === 0}
                          onClick={() => move(-1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Move '${entry.label}' down`}
                          disabled={index === entries.length - 1}
                          onClick={() => move(1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove '${entry.label}'`}
                          onClick={() =>
                            change(
                              area,
                              entries.filter((_, i) => i !== index),
                            )
                          }
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
                onClick={() => change(area, [...entries, { label: '', kind: 'page', id: '' }])}
              >
                <Plus aria-hidden="true" />
                Add link
              </Button>
            </fieldset>
          );
        })}
        {save.isError ? <FormErrorAlert error={save.error} /> : null}
        <div>
          <Button
            variant="secondary"
            size="lg"
            disabled={save.isPending}
            onClick={() => void onSave()}
          >
            {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Save navigation
          </Button>
        </div>
      </div>
    </StaffSection>
  );
}
