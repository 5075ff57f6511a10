import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { TextInput } from './input';
import { Form, FormAlert, FormField, FormSubmit } from './form';

const schema = z.object({
  name: z.string().trim().min(1, 'Give the thing a name'),
  firstName: z.string(),
});
type Values = z.infer<typeof schema>;

/** A form as the app writes one: a schema, two fields, the alert and the button. */
function ThingForm() {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', firstName: '' },
  });
  return (
    <Form
      form={form}
      serverFields={{ 'body.name': 'name', 'body.profile.firstName': 'firstName' }}
      onSubmit={(values) => api.post('/api/industries', values)}
    >
      <FormField
        control={form.control}
        name="name"
        render={(field) => <TextInput label="Name" required {...field} />}
      />
      <FormField
        control={form.control}
        name="firstName"
        render={(field) => <TextInput label="First name" {...field} />}
      />
      <FormAlert />
      <FormSubmit>Save</FormSubmit>
    </Form>
  );
}

describe('the one form component', () => {
  it("shows the schema's words at the field and sends nothing", async () => {
    const sent = answer('post', '/api/industries', {}, { status: 201 });
    const { user } = renderWithApp(<ThingForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the thing a name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it("puts the server's reasons under their fields and the rest in the alert, keeping what was typed", async () => {
    const sent = answer(
      'post',
      '/api/industries',
      {
        error: 'validation_failed',
        message: 'Please check the form',
        details: [
          { path: 'body.name', message: 'That name is taken' },
          { path: 'body.profile.firstName', message: 'Too long' },
          { path: 'body.colour', message: 'Choose a colour' },
        ],
      },
      { status: 400 },
    );
    const { user } = renderWithApp(<ThingForm />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Rocket');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Olive');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the form');
    expect(alert).toHaveTextContent('Choose a colour');
    expect(alert).not.toHaveTextContent('That name is taken');
    expect(screen.getByText('That name is taken')).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Rocket');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Olive');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ name: 'Rocket', firstName: 'Olive' });

    // The next try starts clean: the old refusal is not left beside it.
    answer('post', '/api/industries', {}, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
