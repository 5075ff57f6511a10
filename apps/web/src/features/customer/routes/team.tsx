import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Mail, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  companyRoleDescriptions,
  companyRoleLabels,
  companyRoles,
  inviteTeammateRequest,
  renameCompanyRequest,
  type CompanyRole,
  type InviteTeammateRequest,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from '@noise/shared/company';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import {
  useChangeRole,
  useInviteTeammate,
  useRemoveTeammate,
  useRenameCompany,
  useResendInvitation,
  useTeam,
  useWithdrawInvitation,
} from '../api/team';
import { ConfirmEmailNotice } from '../components/confirm-email-notice';
import { CustomerPage } from '../components/customer-page';
import { FormFailure, ProfileCard } from '../components/profile-card';

/** As `FormFailure`: the refusal of a form of this page, beside what was typed. */
const failureClass = 'rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger';

const roleOptions = companyRoles.map((role) => ({ value: role, label: companyRoleLabels[role] }));

function CompanyName({ team }: { team: Team }) {
  const rename = useRenameCompany();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(renameCompanyRequest),
    defaultValues: { name: team.company.name },
  });
  async function onSubmit({ name }: { name: string }) {
    const saved = await rename.mutateAsync(name);
    form.reset({ name: saved.company.name });
    toastSuccess('The company name is saved');
  }
  return (
    <Form form={form} serverFields={['name']} onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField
        control={form.control}
        name="name"
        render={(field) => (
          <TextInput
            label="Company name"
            autoComplete="organization"
            hint="Your team and ours see this name on your projects and invitations."
            {...field}
          />
        )}
      />
      <FormAlert className={failureClass} />
      <div>
        <FormSubmit disabled={!form.formState.isDirty}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </FormSubmit>
      </div>
    </Form>
  );
}

function InviteForm() {
  const invite = useInviteTeammate();
  const form = useForm<InviteTeammateRequest>({
    resolver: zodResolver(inviteTeammateRequest),
    defaultValues: { email: '', role: 'member' },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  // A refused invitation keeps what was typed, with the reason beside it.
  async function onSubmit(values: InviteTeammateRequest) {
    await invite.mutateAsync(values);
    form.reset({ email: '', role: values.role });
    toastSuccess('Invitation sent', `${values.email} has a link to join, valid for 7 days.`);
  }
  return (
    <Form
      form={form}
      serverFields={['email', 'role']}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField
          control={form.control}
          name="email"
          render={(field) => (
            <TextInput label="Email" type="email" autoComplete="off" required {...field} />
          )}
        />
        <FormField
          control={form.control}
          name="role"
          render={(field) => <Select label="Role" options={roleOptions} {...field} />}
        />
      </div>
      <p className="text-sm text-muted">
        {companyRoleLabels[role]}: {companyRoleDescriptions[role]}.
      </p>
      <FormAlert className={failureClass} />
      <div>
        <FormSubmit>
          <Mail aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Invite a teammate'}
        </FormSubmit>
      </div>
    </Form>
  );
}

function MemberRow({ member, you }: { member: TeamMember; you: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveTeammate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');

  async function change(role: CompanyRole) {
    setFailure('');
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      toastSuccess(`${member.name} is now ${companyRoleLabels[role]}`);
    } catch (error) {
      setFailure(errorMessage(error, 'The role could not be changed.'));
    }
  }
  async function removeMember() {
    setFailure('');
    try {
      await remove.mutateAsync(member.userId);
      toastSuccess(`${member.name} was removed from the team`);
    } catch (error) {
      setConfirming(false);
      setFailure(errorMessage(error, 'This person could not be removed.'));
    }
  }

  return (
    <li className="flex flex-col gap-3 border-t-2 border-ink/10 py-4 first:border-t-0 first:pt-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-bold break-words">
            {member.name}
            {you ? <span className="font-normal text-muted"> (you)</span> : null}
          </p>
          <p className="text-sm break-all text-muted">{member.email}</p>
          <p className="text-sm text-muted">Joined {formatDate(member.joinedAt)}</p>
        </div>
        <div className="flex items-end gap-3">
          <Select
            label={`Role of ${member.name}`}
            hideLabel
            options={roleOptions}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => void change(event.target.value as CompanyRole)}
            className="w-36"
          />
          {you ? null : (
            <Button
              type="button"
              variant="outline"
              aria-label={`Remove ${member.name}`}
              onClick={() => setConfirming(true)}
            >
              <UserMinus aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          )}
        </div>
      </div>
      {confirming ? (
        <div
          role="group"
          aria-label={`Remove ${member.name}?`}
          className="flex flex-col gap-3 rounded-xl bg-danger-soft p-4 sm:flex-row sm:items-center"
        >
          <p className="flex-1 text-sm">
            Remove {member.name}? They are signed out and no longer see your projects. Their
            messages stay, signed with their name.
          </p>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => void removeMember()}
            >
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        </div>
      ) : null}
      <FormFailure message={failure} />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const [failure, setFailure] = useState('');
  async function act(kind: 'resend' | 'withdraw') {
    setFailure('');
    try {
      if (kind === 'resend') {
        await resend.mutateAsync(invitation._id);
        toastSuccess('Invitation sent again', `A new link went to ${invitation.email}.`);
      } else {
        await withdraw.mutateAsync(invitation._id);
        toastSuccess(
          'Invitation withdrawn',
          `The link sent to ${invitation.email} no longer works.`,
        );
      }
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work.'));
    }
  }
  const busy = resend.isPending || withdraw.isPending;
  return (
    <li className="flex flex-col gap-3 border-t-2 border-ink/10 py-4 first:border-t-0 first:pt-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-bold break-all">{invitation.email}</p>
          <p className="text-sm text-muted">
            {companyRoleLabels[invitation.role]} · invited by {invitation.invitedByName || 'us'}{' '}
            {formatDate(invitation.createdAt)} ·{' '}
            {invitation.expired ? (
              <span className="font-semibold text-danger">expired</span>
            ) : (
              `expires ${formatDate(invitation.expiresAt)}`
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void act('resend')}
          >
            Resend
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            onClick={() => void act('withdraw')}
          >
            Withdraw
          </Button>
        </div>
      </div>
      <FormFailure message={failure} />
    </li>
  );
}

/** /dashboard/team: the owner's team (docs/product.md#client-companies). */
export function TeamRoute() {
  usePageMeta('Team');
  const user = useCurrentUser();
  const team = useTeam();
  if (team.isPending || user.isPending) return <FullScreenSpinner label="Loading your team" />;
  if (team.isError || !team.data) {
    return (
      <CustomerPage>
        <h1 className="text-4xl font-extrabold sm:text-5xl">Team</h1>
        <p role="alert" className="mt-6">
          {errorMessage(team.error, 'Your team could not be loaded.')}
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/dashboard">Back to the dashboard</Link>
        </Button>
      </CustomerPage>
    );
  }
  const data = team.data;
  // Changes that reach other people wait for a proven address (decision 088).
  const proven = user.data?.emailVerified !== false;
  return (
    <CustomerPage>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Dashboard
        </Link>
      </Button>
      <h1 className="mt-3 text-4xl font-extrabold break-words sm:text-5xl">
        Team of {data.company.name}
      </h1>
      <p className="mt-3 max-w-2xl text-muted">
        Everyone here sees your company’s projects. What else they can do depends on their role.
      </p>
      <div className="mt-8 grid max-w-3xl gap-8">
        <ProfileCard id="team-people" title="People">
          <ul>
            {data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                you={member.userId === user.data?._id}
              />
            ))}
          </ul>
        </ProfileCard>
        <ProfileCard id="team-invite" title="Invite a teammate">
          {proven ? (
            <InviteForm />
          ) : (
            <ConfirmEmailNotice
              email={user.data?.email ?? ''}
              what="invite teammates and rename your company"
              headingLevel={3}
            />
          )}
        </ProfileCard>
        {data.invitations.length > 0 ? (
          <ProfileCard id="team-invitations" title="Invitations">
            <ul>
              {data.invitations.map((invitation) => (
                <InvitationRow key={invitation._id} invitation={invitation} />
              ))}
            </ul>
          </ProfileCard>
        ) : null}
        <ProfileCard id="team-roles" title="Roles">
          <dl className="grid gap-3">
            {companyRoles.map((role) => (
              <div key={role}>
                <dt className="font-bold">{companyRoleLabels[role]}</dt>
                <dd className="text-muted">{companyRoleDescriptions[role]}.</dd>
              </div>
            ))}
          </dl>
        </ProfileCard>
        <ProfileCard id="team-company" title="Company">
          {proven ? (
            <CompanyName team={data} />
          ) : (
            <p className="text-lg font-semibold break-words">{data.company.name}</p>
          )}
        </ProfileCard>
      </div>
    </CustomerPage>
  );
}
