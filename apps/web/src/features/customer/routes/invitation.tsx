import { zodResolver } from '@hookform/resolvers/zod';
import { Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  companyRoleDescriptions,
  companyRoleLabels,
  type InvitationView,
} from '@noise/shared/company';
import { newPassword } from '@noise/shared/fields';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth, useSignOut } from '@/lib/auth';
import { openSignInFor } from '@/lib/auth-modals';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { useAcceptInvitation, useInvitation } from '../api/invitation';

const name = (label: string) =>
  z.string().trim().min(1, `Enter your ${label}`).max(100, 'Must be at most 100 characters');
const newAccountForm = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  password: newPassword,
});
type NewAccountForm = z.infer<typeof newAccountForm>;

const closedTitles = {
  accepted: 'This invitation was already used',
  withdrawn: 'This invitation was withdrawn',
  expired: 'This invitation has expired',
};
const closedTexts = {
  accepted: 'If it was you who accepted it, sign in to see your team’s projects.',
  withdrawn: 'Ask the person who invited you for a new invitation.',
  expired: 'Invitations work for 7 days. Ask the person who invited you to send it again.',
};

function Frame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold break-words sm:text-5xl">
        {title}
        <span className="text-accent">.</span>
      </h1>
      <div className="mt-8 flex flex-col gap-6">{children}</div>
    </section>
  );
}

const failureClass = 'rounded-xl bg-danger-soft px-4 py-3 font-semibold text-danger';

function Failure({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={failureClass}>
      {message}
    </p>
  );
}

function Summary({ invitation }: { invitation: InvitationView }) {
  return (
    <div className="flex gap-4 rounded-card border-2 border-ink bg-paper p-5">
      <Users aria-hidden="true" className="mt-1 size-6 shrink-0" />
      <p>
        {invitation.invitedByName || 'We'} invited{' '}
        <strong className="break-all">{invitation.email}</strong> to join{' '}
        <strong>{invitation.companyName}</strong> as{' '}
        <strong>{companyRoleLabels[invitation.role]}</strong>:{' '}
        {companyRoleDescriptions[invitation.role].toLowerCase()}.
      </p>
    </div>
  );
}

/** Signed out, for an email without an account: the account is made with the invitation. */
function NewAccount({ token, invitation }: { token: string; invitation: InvitationView }) {
  const accept = useAcceptInvitation(token);
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm<NewAccountForm>({
    resolver: zodResolver(newAccountForm),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  async function onSubmit(values: NewAccountForm) {
    const joined = await accept.mutateAsync(values);
    if (joined.token) login(joined.token);
    toastSuccess(`Welcome to ${joined.company.name}`);
    navigate('/dashboard/projects');
  }
  return (
    <Form
      form={form}
      serverFields={['firstName', 'lastName', 'password']}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <TextInput label="Email" type="email" value={invitation.email} readOnly />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          render={(field) => (
            <TextInput label="First name" autoComplete="given-name" required {...field} />
          )}
        />
        <FormField
          control={form.control}
          name="lastName"
          render={(field) => (
            <TextInput label="Last name" autoComplete="family-name" required {...field} />
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="password"
        render={(field) => (
          <PasswordInput
            label="Choose a password"
            autoComplete="new-password"
            required
            {...field}
          />
        )}
      />
      <FormAlert className={failureClass} />
      <FormSubmit size="lg">
        {accept.isPending ? 'Joining...' : `Join ${invitation.companyName}`}
      </FormSubmit>
    </Form>
  );
}

/** Signed in as the invited email: one button. */
function JoinSignedIn({ token, invitation }: { token: string; invitation: InvitationView }) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  async function join() {
    setFailure('');
    try {
      const joined = await accept.mutateAsync({});
      toastSuccess(`Welcome to ${joined.company.name}`);
      navigate('/dashboard/projects');
    } catch (error) {
      setFailure(errorMessage(error, 'You could not join yet.'));
    }
  }
  return (
    <>
      <Failure message={failure} />
      <Button size="lg" disabled={accept.isPending} onClick={() => void join()}>
        {accept.isPending ? 'Joining...' : `Join ${invitation.companyName}`}
      </Button>
    </>
  );
}

/** /invitations/{token}: the link of 'Invite a teammate' (docs/product.md#client-companies). */
export function InvitationRoute() {
  usePageMeta('Join your team', undefined, { noindex: true });
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const { isAuthenticated } = useAuth();
  const user = useCurrentUser();
  const signOut = useSignOut(`/invitations/${token}`);

  if (invitation.isPending || (isAuthenticated && user.isPending)) {
    return (
      <section className="flex justify-center px-4 py-24" aria-busy="true">
        <Spinner label="Opening your invitation" />
      </section>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <Frame title="We could not open this invitation">
        <Failure message={errorMessage(invitation.error)} />
        <Button asChild variant="secondary" className="self-start">
          <Link to="/">Back to the home page</Link>
        </Button>
      </Frame>
    );
  }
  const data = invitation.data;
  if (data.state !== 'open') {
    return (
      <Frame title={closedTitles[data.state]}>
        <p>{closedTexts[data.state]}</p>
        <div className="flex flex-wrap gap-3">
          {isAuthenticated ? (
            <Button asChild>
              <Link to="/dashboard/projects">Your projects</Link>
            </Button>
          ) : (
            <Button onClick={() => openSignInFor({ to: '/dashboard/projects' })}>Sign in</Button>
          )}
        </div>
      </Frame>
    );
  }

  const title = `Join ${data.companyName}`;
  if (isAuthenticated) {
    const email = user.data?.email ?? '';
    if (email.toLowerCase() !== data.email.toLowerCase()) {
      return (
        <Frame title={title}>
          <Summary invitation={data} />
          <p>
            You are signed in as <strong className="break-all">{email}</strong>. Sign out, then join
            with {data.email}.
          </p>
          <Button variant="secondary" className="self-start" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Frame>
      );
    }
    return (
      <Frame title={title}>
        <Summary invitation={data} />
        <JoinSignedIn token={token} invitation={data} />
      </Frame>
    );
  }
  if (data.hasAccount) {
    return (
      <Frame title={title}>
        <Summary invitation={data} />
        <p>
          {data.email} already has an account with us. Sign in with it to join, with its password or
          with Google, Facebook or Apple if that is how you signed up: you come back here.
        </p>
        <Button
          size="lg"
          className="self-start"
          onClick={() => openSignInFor({ to: `/invitations/${token}` })}
        >
          Sign in to join
        </Button>
      </Frame>
    );
  }
  return (
    <Frame title={title}>
      <Summary invitation={data} />
      <p className="text-muted">Choose your name and a password to make your account.</p>
      <NewAccount token={token} invitation={data} />
    </Frame>
  );
}
