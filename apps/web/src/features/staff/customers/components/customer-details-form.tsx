import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { updateClientRequest, type UpdateClientRequest } from '@noise/shared/customers';
import type { User } from '@noise/shared/user';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
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

  async function onSubmit(profile: ProfileForm) {
    try {
      await update.mutateAsync({ profile });
      toastSuccess('Customer updated');
      navigate('/wkm-dashboard/customers');
    } catch (error) {
      // Told by a toast; what was typed stays.
      toastApiError(error, 'Could not update the customer');
    }
  }

  return (
    <StaffSection title="Customer Details" description={client.email}>
      <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          render={(field) => <TextInput label="First Name" autoComplete="off" {...field} />}
        />
        <FormField
          control={form.control}
          name="lastName"
          render={(field) => <TextInput label="Last Name" autoComplete="off" {...field} />}
        />
        <FormField
          control={form.control}
          name="companyName"
          render={(field) => <TextInput label="Company Name" autoComplete="off" {...field} />}
        />
        <FormField
          control={form.control}
          name="contactNumber"
          render={(field) => (
            <TextInput label="Contact Number" type="tel" autoComplete="off" {...field} />
          )}
        />
        <div className="sm:col-span-2">
          <FormSubmit variant="secondary">Update</FormSubmit>
        </div>
      </Form>
    </StaffSection>
  );
}
