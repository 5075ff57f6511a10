import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  companyRoleLabels,
  companyRoles,
  inviteTeammateRequest,
  type InviteTeammateRequest,
} from '@noise/shared/company';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from './page-header';
import { useAddPerson, useCompany } from '../api/company';

const roleOptions = companyRoles.map((role) => ({ value: role, label: companyRoleLabels[role] }));

function AddPerson({ companyId }: { companyId: string }) {
  const add = useAddPerson(companyId);
  const form = useForm<InviteTeammateRequest>({
    resolver: zodResolver(inviteTeammateRequest),
    defaultValues: { email: '', role: 'member' },
  });
  async function onSubmit(values: InviteTeammateRequest) {
    await add.mutateAsync(values);
    form.reset({ email: '', role: values.role });
    toastSuccess('Invitation sent', `${values.email} has a link to join, valid for 7 days.`);
  }
  return (
    <Form
      form={form}
      serverFields={['email', 'role']}
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <p className="text-sm font-semibold">Add a person</p>
      <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
        <FormField
          control={form.control}
          name="email"
          render={(field) => <TextInput label="Email" type="email" autoComplete="off" {...field} />}
        />
        <FormField
          control={form.control}
          name="role"
          render={(field) => <Select label="Role" options={roleOptions} {...field} />}
        />
      </div>
      <FormAlert className="text-sm font-semibold text-danger" />
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The client company a customer belongs to, its people and open invitations
 * (docs/product.md#client-companies), on Edit Customer and Edit Sale. Staff add a person by
 * sending an invitation in the company's name.
 */
export function CompanyCard({
  companyId,
  currentUserId,
}: {
  companyId: string | null | undefined;
  /** The person the page is about: marked in the list. */
  currentUserId?: string;
}) {
  const company = useCompany(companyId);
  if (!companyId) return null;
  return (
    <StaffSection
      title="Company"
      description={company.data ? company.data.company.name : undefined}
    >
      {company.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : company.isError ? (
        <p className="text-muted">Could not load the company: {errorMessage(company.error)}</p>
      ) : (
        <div className="flex flex-col gap-5">
          <ul className="flex flex-col gap-3">
            {company.data.members.map((member) => (
              <li key={member.userId} className="min-w-0">
                <p className="font-semibold break-words">
                  {member.userId === currentUserId ? (
                    member.name
                  ) : (
                    <Link
                      to={`/wkm-dashboard/customers/edit/${member.userId}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {member.name}
                    </Link>
                  )}{' '}
                  <span className="font-normal text-muted">· {companyRoleLabels[member.role]}</span>
                </p>
                <p className="text-sm break-all text-muted">{member.email}</p>
              </li>
            ))}
          </ul>
          {company.data.invitations.length > 0 ? (
            <div>
              <p className="text-sm font-semibold">Invited</p>
              <ul className="mt-2 flex flex-col gap-2 text-sm">
                {company.data.invitations.map((invitation) => (
                  <li key={invitation._id} className="break-all text-muted">
                    {invitation.email} · {companyRoleLabels[invitation.role]} ·{' '}
                    {invitation.expired ? 'expired' : `until ${formatDate(invitation.expiresAt)}`}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <AddPerson companyId={companyId} />
        </div>
      )}
    </StaffSection>
  );
}
