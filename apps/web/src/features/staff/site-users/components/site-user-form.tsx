import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  emailAddress,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from '@noise/shared/fields';
import { roleLabels, roles, type Role } from '@noise/shared/roles';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { showServerRefusal } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toastSuccess } from '@/lib/toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ImageFileField } from '../../components/file-field';
import { StaffSection } from '../../components/page-header';
import { useChangeSiteUserRole } from '../api/change-site-user-role';
import { useCreateSiteUser } from '../api/create-site-user';
import { useDeleteSiteUser } from '../api/delete-site-user';
import { useSendResetLink } from '../api/send-reset-link';
import { toSiteUserFormData, type SiteUserValues } from '../api/site-user-form-data';
import { useUpdateSiteUser } from '../api/update-site-user';

const LIST = '/wkm-dashboard/site-users';

const schema = z.object({
  email: z.string().trim().min(1, 'This field is required').pipe(emailAddress),
  role: z.union([z.enum(roles), z.literal('')]).refine((role) => role !== '', {
    message: 'Please choose a role',
  }),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, {
      message: PASSWORD_TOO_SHORT,
    }),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  displayName: z.string().max(100),
  contactNumber: z.string().max(40),
  bio: z.string().max(2000),
});

const fieldOfPath: Record<string, keyof SiteUserValues> = {
  email: 'email',
  role: 'role',
  password: 'password',
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  'profile.displayName': 'displayName',
  'profile.contactNumber': 'contactNumber',
  'profile.bio': 'bio',
};

function roleOptions(signedInRole: Role | null) {
  const offered: Role[] = ['admin', 'co-ordinator', 'client'];
  if (signedInRole === 'super-admin') offered.unshift('super-admin');
  return offered.map((role) => ({ value: role, label: roleLabels[role] }));
}

/** What a role change gives or takes away, said before it happens. */
function roleChangeWarning(user: User, to: Role): string {
  const change = `${user.email} changes from ${roleLabels[user.role]} to ${roleLabels[to]}.`;
  const reach =
    to === 'client'
      ? ' They lose the staff area and keep only their own orders.'
      : user.role === 'client'
        ? " They will reach the staff area and every customer's data that role may see."
        : ' What they may see and do in the staff area changes at once.';
  return `${change}${reach} They are signed out everywhere, and the audit log records the change.`;
}

/** 'Add New User' / 'Edit User' (docs/product.md#site-users). Without a user it creates one. */
export function SiteUserForm({ user }: { user?: User }) {
  const editing = user !== undefined;
  const navigate = useNavigate();
  const { userRole } = useAuth();
  const create = useCreateSiteUser();
  const update = useUpdateSiteUser(user?._id ?? '');
  const deleteUser = useDeleteSiteUser();
  const resetLink = useSendResetLink();
  const [photo, setPhoto] = useState<File | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changeRole = useChangeSiteUserRole(user?._id ?? '');
  /** The form's values waiting for 'Change role' to be confirmed. */
  const [roleChange, setRoleChange] = useState<SiteUserValues | null>(null);
  const hasPassword = !user?.isOAuth;

  const form = useForm<SiteUserValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: user?.email ?? '',
      role: user?.role ?? '',
      password: '',
      firstName: user?.profile.firstName ?? '',
      lastName: user?.profile.lastName ?? '',
      displayName: user?.profile.displayName ?? '',
      contactNumber: user?.profile.contactNumber ?? '',
      bio: user?.profile.bio ?? '',
    },
  });

  /** Saves the form; a changed role is asked about first, then changed on its own. */
  async function saveValues(values: SiteUserValues) {
    const body = toSiteUserFormData(values, {
      photo,
      sendPassword: hasPassword,
      sendRole: !editing,
    });
    if (editing) await update.mutateAsync(body);
    else await create.mutateAsync(body);
    if (editing && values.role && values.role !== user.role) {
      await changeRole.mutateAsync({ role: values.role });
    }
    toastSuccess(editing ? 'User saved' : 'User added');
    navigate(LIST);
  }

  async function onSubmit(values: SiteUserValues) {
    if (editing && values.role && values.role !== user.role) {
      setRoleChange(values);
      return;
    }
    await saveValues(values);
  }

  async function sendReset() {
    if (!user) return;
    try {
      const { message } = await resetLink.mutateAsync(user._id);
      toastSuccess('Reset link sent', message);
    } catch (error) {
      toastApiError(error, 'Could not send the reset link');
    }
  }

  return (
    <Form
      form={form}
      serverFields={fieldOfPath}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      <StaffSection title="Profile">
        <div className="grid gap-5 sm:grid-cols-2">
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
            name="role"
            render={(field) => (
              <Select
                label="Role"
                placeholder="Select Role"
                required
                options={roleOptions(userRole)}
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="displayName"
            render={(field) => <TextInput label="Display Name" autoComplete="off" {...field} />}
          />
          <FormField
            control={form.control}
            name="email"
            render={(field) => (
              <TextInput
                label="Email Address"
                type="email"
                autoComplete="off"
                required
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="contactNumber"
            render={(field) => (
              <TextInput label="Contact Number" type="tel" autoComplete="off" {...field} />
            )}
          />
          <div className="sm:col-span-2">
            <FormField
              control={form.control}
              name="bio"
              render={(field) => <Textarea label="Bio Information" {...field} />}
            />
          </div>
          <div className="sm:col-span-2">
            <ImageFileField
              label="Profile Photo"
              shape="round"
              file={photo}
              currentUrl={user?.profile.profilePhotoURL}
              onFile={setPhoto}
            />
          </div>
        </div>
      </StaffSection>

      <StaffSection title="Account management">
        {hasPassword ? (
          <div className="max-w-md">
            <FormField
              control={form.control}
              name="password"
              render={(field) => (
                <TextInput
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint={
                    editing
                      ? 'Leave empty to keep the current password.'
                      : `At least ${PASSWORD_MIN_LENGTH} characters. Leave empty and send a reset link instead.`
                  }
                  {...field}
                />
              )}
            />
          </div>
        ) : (
          <p className="text-muted">
            This user signs in with Google, Facebook or Apple and has no password here.
          </p>
        )}
        {editing && hasPassword ? (
          <div className="mt-5 flex flex-wrap gap-3">
            <Button
              variant="outline"
              onClick={() => void sendReset()}
              disabled={resetLink.isPending}
            >
              {resetLink.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <KeyRound aria-hidden="true" />
              )}
              Send Reset Link
            </Button>
            <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
              Delete User
            </Button>
          </div>
        ) : null}
      </StaffSection>

      <FormAlert />

      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          {editing ? 'Save Changes' : 'Add User'}
        </FormSubmit>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>

      {user && roleChange?.role ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRoleChange(null);
          }}
          title="Change this user's role?"
          description={roleChangeWarning(user, roleChange.role)}
          confirmLabel="Change role"
          onConfirm={() =>
            // Told in the dialog, and on the form as a refused save is.
            saveValues(roleChange).catch((error: unknown) => {
              showServerRefusal(error, form, fieldOfPath);
              throw error;
            })
          }
        />
      ) : null}

      {user ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this user?"
          description={`${user.email} will no longer be able to sign in. This cannot be undone.`}
          confirmLabel="Delete User"
          onConfirm={async () => {
            await deleteUser.mutateAsync(user._id);
            toastSuccess('User deleted');
            navigate(LIST);
          }}
        />
      ) : null}
    </Form>
  );
}
