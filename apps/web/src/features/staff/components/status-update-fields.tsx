import type { Control } from 'react-hook-form';
import { statusUpdateTitles } from '@noise/shared/project';
import { FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

/** A status update as its forms hold it (the sale's page, the customer's projects). */
export interface StatusUpdateValues {
  title: string;
  date: string;
  description: string;
}

const titleOptions = statusUpdateTitles.map((title) => ({ value: title, label: title }));

/** A status update's title, from the fixed list, and its date: the same on both its forms. */
export function StatusUpdateTitleAndDate({ control }: { control: Control<StatusUpdateValues> }) {
  return (
    <>
      <FormField
        control={control}
        name="title"
        render={(field) => (
          <Select
            label="Title"
            placeholder="Select a title"
            required
            options={titleOptions}
            {...field}
          />
        )}
      />
      <FormField
        control={control}
        name="date"
        render={(field) => <TextInput label="Date" type="date" required {...field} />}
      />
    </>
  );
}
