import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPassword, optionalAustralianPhoneField } from '@noise/shared/fields';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
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
import { FormFailure, ProfileCard } from '../components/profile-card';

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

function DetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: {
      firstName: user.profile.firstName,
      lastName: user.profile.lastName,
      companyName: user.profile.companyName,
      contactNumber: user.profile.contactNumber,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      const saved = await update.mutateAsync(values);
      reset({
        firstName: saved.profile.firstName,
        lastName: saved.profile.lastName,
        companyName: saved.profile.companyName,
        contactNumber: saved.profile.contactNumber,
      });
      toastSuccess('Your details are saved');
    } catch (error) {
      setFailure(errorMessage(error, 'Your details could not be saved.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextInput label="Email" type="email" value={user.email} readOnly />
        <TextInput
          label="Company name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <TextInput
          label="Contact number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.contactNumber?.message}
          {...register('contactNumber')}
        />
      </div>
      <FormFailure message={failure} />
      <div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          {update.isPending ? 'Saving...' : 'Save details'}
        </Button>
      </div>
    </form>
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
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure('');
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toastSuccess('Password changed', 'You are signed out everywhere else.');
    } catch (error) {
      setFailure(errorMessage(error, 'Your password could not be changed.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <FormFailure message={failure} />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
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
