import type { Control } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { User } from '@noise/shared/user';
import { FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { openSignInFor } from '@/lib/auth-modals';
import { needsCompanyName, needsContactNumber, type DetailsForm, type Payer } from './details-form';

interface YourDetailsProps {
  payer: Payer;
  /** The checkout form's control: these fields are its fields. */
  control: Control<DetailsForm>;
}

/** 'Your Details' on the payment pages: read from the profile, or typed in by a guest. */
export function YourDetails({ payer, control }: YourDetailsProps) {
  return (
    <section
      aria-labelledby="checkout-details"
      className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
    >
      <h2 id="checkout-details" className="text-2xl font-extrabold">
        Your Details
      </h2>
      {payer.kind === 'guest' ? (
        <GuestFields control={control} />
      ) : (
        <AccountFields user={payer.user} control={control} />
      )}
    </section>
  );
}

function AccountFields({ user, control }: { user: User; control: Control<DetailsForm> }) {
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
      <FormField
        control={control}
        name="companyName"
        render={(field) => (
          <TextInput
            label="Company name"
            autoComplete="organization"
            readOnly={!needsCompanyName(user)}
            required
            {...field}
          />
        )}
      />
      <FormField
        control={control}
        name="contactNumber"
        render={(field) => (
          <TextInput
            label="Contact number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            readOnly={!needsContactNumber(user)}
            required
            {...field}
          />
        )}
      />
    </div>
  );
}

function GuestFields({ control }: { control: Control<DetailsForm> }) {
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
        <FormField
          control={control}
          name="firstName"
          render={(field) => (
            <TextInput label="First name" autoComplete="given-name" required {...field} />
          )}
        />
        <FormField
          control={control}
          name="lastName"
          render={(field) => (
            <TextInput label="Last name" autoComplete="family-name" required {...field} />
          )}
        />
        <FormField
          control={control}
          name="email"
          render={(field) => (
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              hint="Your receipt goes here, and the order is kept under this email."
              fieldClassName="sm:col-span-2"
              {...field}
            />
          )}
        />
        <FormField
          control={control}
          name="contactNumber"
          render={(field) => (
            <TextInput
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              {...field}
            />
          )}
        />
        <FormField
          control={control}
          name="companyName"
          render={(field) => (
            <TextInput label="Company name" autoComplete="organization" required {...field} />
          )}
        />
      </div>
    </>
  );
}
