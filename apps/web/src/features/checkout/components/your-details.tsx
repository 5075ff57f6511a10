import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { User } from '@noise/shared/user';
import { TextInput } from '@/components/ui/input';
import { openSignInFor } from '@/lib/auth-modals';
import { needsCompanyName, needsContactNumber, type DetailsForm, type Payer } from './details-form';

interface YourDetailsProps {
  payer: Payer;
  register: UseFormRegister<DetailsForm>;
  errors: FieldErrors<DetailsForm>;
}

/** 'Your Details' on the payment pages: read from the profile, or typed in by a guest. */
export function YourDetails({ payer, register, errors }: YourDetailsProps) {
  return (
    <section
      aria-labelledby="checkout-details"
      className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
    >
      <h2 id="checkout-details" className="text-2xl font-extrabold">
        Your Details
      </h2>
      {payer.kind === 'guest' ? (
        <GuestFields register={register} errors={errors} />
      ) : (
        <AccountFields user={payer.user} register={register} errors={errors} />
      )}
    </section>
  );
}

function AccountFields({
  user,
  register,
  errors,
}: {
  user: User;
  register: UseFormRegister<DetailsForm>;
  errors: FieldErrors<DetailsForm>;
}) {
  return (
    <div className="mt-5 grid gap-4 sm:grid-cols-2">
      <TextInput label="First name" value={user.profile.firstName} readOnly required />
      <TextInput label="Last name" value={user.profile.lastName} readOnly required />
      <TextInput
        label="Email"
        type="email"
        value={user.email}
        readOnly
        required
        fieldClassName="sm:col-span-2"
      />
      <TextInput
        label="Company name"
        autoComplete="organization"
        readOnly={!needsCompanyName(user)}
        required
        error={errors.companyName?.message}
        {...register('companyName')}
      />
      <TextInput
        label="Contact number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        readOnly={!needsContactNumber(user)}
        required
        error={errors.contactNumber?.message}
        {...register('contactNumber')}
      />
    </div>
  );
}

function GuestFields({
  register,
  errors,
}: {
  register: UseFormRegister<DetailsForm>;
  errors: FieldErrors<DetailsForm>;
}) {
  const location = useLocation();
  return (
    <>
      <p className="mt-2 text-sm text-muted">
        Already have an account?{' '}
        <button
          type="button"
          // After signing in the visitor comes back to this order, now as themselves.
          onClick={() => openSignInFor({ to: location.pathname, state: location.state })}
          className="cursor-pointer rounded font-semibold text-accent-strong underline underline-offset-4"
        >
          Sign in
        </button>
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
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
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          hint="Your receipt goes here, and the order is kept under this email."
          fieldClassName="sm:col-span-2"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={errors.contactNumber?.message}
          {...register('contactNumber')}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          error={errors.companyName?.message}
          {...register('companyName')}
        />
      </div>
    </>
  );
}
