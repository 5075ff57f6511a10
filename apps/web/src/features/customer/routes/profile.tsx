import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPassword, optionalAustralianPhoneField } from '@noise/shared/fields';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { TwoFactorSection } from '@/components/two-factor/two-factor-section';
import { useMailPasswordLink } from '../api/password-link';
import { ConfirmEmailNotice } from '../components/confirm-email-notice';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { useChangePassword, useUpdateProfile } from '../api/profile';
import { CustomerPage } from '../components/customer-page';
import { ProfileCard } from '../components/profile-card';

const name = z.string().trim().max(100, 'Must be at most 100 characters');
const profileForm = z.object({
  firstName: name.min(1, 'This field is required'),
  lastName: name.min(1, 'This field is required'),
  companyName: z.string().trim().max(200, 'Must be at most 200 characters'),
  contactNumber: optionalAustralianPhoneField,
});
type ProfileForm = z.infer<typeof profileForm>;

const passwordForm = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type PasswordForm = z.infer<typeof passwordForm>;

/** The server's paths of the profile's fields. */
const profileFields = {
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  'profile.companyName': 'companyName',
  'profile.contactNumber': 'contactNumber',
} as const;

/** As `FormFailure`: why a form of this page was not saved, beside what was typed. */
const failureClass = 'rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger';

function DetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: {
      firstName: user.profile.firstName,
      lastName: user.profile.lastName,
      companyName: user.profile.companyName,
      contactNumber: user.profile.contactNumber,
    },
  });
  async function onSubmit(values: ProfileForm) {
    const saved = await update.mutateAsync(values);
    form.reset({
      firstName: saved.profile.firstName,
      lastName: saved.profile.lastName,
      companyName: saved.profile.companyName,
      contactNumber: saved.profile.contactNumber,
    });
    toastSuccess('Your details are saved');
  }
  return (
    <Form
      form={form}
      serverFields={profileFields}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
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
        <TextInput label="Email" type="email" value={user.email} readOnly />
        <FormField
          control={form.control}
          name="companyName"
          render={(field) => (
            <TextInput label="Company name" autoComplete="organization" {...field} />
          )}
        />
        <FormField
          control={form.control}
          name="contactNumber"
          render={(field) => (
            <TextInput
              label="Contact number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              {...field}
            />
          )}
        />
      </div>
      <FormAlert className={failureClass} />
      <div>
        <FormSubmit disabled={!form.formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save details'}
        </FormSubmit>
      </div>
    </Form>
  );
}

/** An account a guest's order made has no password to give: it chooses one from a mailed link. */
function SetPassword({ email }: { email: string }) {
  const send = useMailPasswordLink();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  async function mail() {
    setAnswer(undefined);
    try {
      await send.mutateAsync(email);
      setAnswer({
        ok: true,
        text: `We sent a link to ${email}. Open it to choose your password.`,
      });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error, 'The link could not be sent.') });
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p>
        Your account has no password yet: you signed in with the link from your order. Set one to
        sign in with your email and password.
      </p>
      {answer ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={`text-sm font-semibold ${answer.ok ? 'text-success' : 'text-danger'}`}
        >
          {answer.text}
        </p>
      ) : null}
      <div>
        <Button type="button" disabled={send.isPending} onClick={() => void mail()}>
          {send.isPending ? 'Sending...' : 'Set a password'}
        </Button>
      </div>
    </div>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  async function onSubmit({ currentPassword, newPassword }: PasswordForm) {
    await change.mutateAsync({ currentPassword, newPassword });
    form.reset();
    toastSuccess('Password changed', 'You are signed out everywhere else.');
  }
  return (
    <Form
      form={form}
      serverFields={['currentPassword', 'newPassword']}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <FormField
        control={form.control}
        name="currentPassword"
        render={(field) => (
          <PasswordInput label="Current password" autoComplete="current-password" {...field} />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="newPassword"
          render={(field) => (
            <PasswordInput label="New password" autoComplete="new-password" {...field} />
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={(field) => (
            <PasswordInput label="Confirm new password" autoComplete="new-password" {...field} />
          )}
        />
      </div>
      <FormAlert className={failureClass} />
      <div>
        <FormSubmit>{change.isPending ? 'Changing...' : 'Change password'}</FormSubmit>
      </div>
    </Form>
  );
}

/**
 * /dashboard/profile: the customer's details, password, two-factor sign-in and card on file. The card form belongs
 * to checkout; the app passes it in as `cardSection`.
 */
export function ProfileRoute({ cardSection }: { cardSection?: ReactNode }) {
  usePageMeta('Your profile');
  const user = useCurrentUser();
  if (!user.data) return <FullScreenSpinner label="Loading your profile" />;
  return (
    <CustomerPage>
      <h1 className="text-4xl font-extrabold sm:text-5xl">Your profile</h1>
      <div className="mt-8 grid max-w-3xl gap-8">
        <ProfileCard id="profile-details" title="Your details">
          <DetailsForm key={user.data._id} user={user.data} />
        </ProfileCard>
        {user.data.isOAuth ? null : (
          <ProfileCard id="profile-password" title="Password">
            {user.data.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <SetPassword email={user.data.email} />
            )}
          </ProfileCard>
        )}
        {/* Turning it off asks for the password: offered to accounts that have one. */}
        {user.data.isOAuth ? null : (
          <ProfileCard id="profile-two-factor" title="Two-factor sign-in">
            {user.data.emailVerified ? (
              <TwoFactorSection />
            ) : (
              <ConfirmEmailNotice
                email={user.data.email}
                what="turn on two-factor sign-in"
                headingLevel={3}
              />
            )}
          </ProfileCard>
        )}
        {cardSection ? (
          <ProfileCard id="profile-card" title="Payment method">
            {cardSection}
          </ProfileCard>
        ) : null}
      </div>
    </CustomerPage>
  );
}
