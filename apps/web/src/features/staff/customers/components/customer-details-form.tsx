import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { updateClientRequest, type UpdateClientRequest } from '@noise/shared/customers';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { toastApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useUpdateClient } from '../api/update-client';

const profileSchema = updateClientRequest.shape.profile;
type ProfileForm = UpdateClientRequest['profile'];

/** First Name, Last Name, Company Name, Contact Number, Update (docs/product.md#edit-customer). */
export function CustomerDetailsForm({ client }: { client: User }) {
  const navigate = useNavigate();
  const update = useUpdateClient(client._id);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: client.profile.firstName,
      lastName: client.profile.lastName,
      companyName: client.profile.companyName,
      contactNumber: client.profile.contactNumber,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (profile) => {
    try {
      await update.mutateAsync({ profile });
      toastSuccess('Customer updated');
      navigate('/wkm-dashboard/customers');
    } catch (error) {
      toastApiError(error, 'Could not update the customer');
    }
  });

  return (
    <StaffSection title="Customer Details" description={client.email}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="First Name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextInput
          label="Last Name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <TextInput
          label="Company Name"
          autoComplete="off"
          error={errors.companyName?.message}
          {...form.register('companyName')}
        />
        <TextInput
          label="Contact Number"
          type="tel"
          autoComplete="off"
          error={errors.contactNumber?.message}
          {...form.register('contactNumber')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={update.isPending}>
            {update.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Update
          </Button>
        </div>
      </form>
    </StaffSection>
  );
}
