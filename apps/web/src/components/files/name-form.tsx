import { useState } from 'react';
import { nameProblem } from '@noise/shared/files';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';

/**
 * A name for a file or folder: new, or renamed. The browser checks it as the server does; a
 * refusal (a taken name, a wrong extension) shows beside what was typed, which stays to correct.
 */
export function NameForm({
  what,
  initial = '',
  submitLabel,
  onSubmit,
}: {
  what: 'file' | 'folder';
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const problem = nameProblem(name, what);
        if (problem) {
          setFailure(problem);
          return;
        }
        setFailure('');
        setPending(true);
        try {
          await onSubmit(name.trim());
        } catch (error) {
          setFailure(errorMessage(error, `The ${what} name could not be saved.`));
        } finally {
          setPending(false);
        }
      }}
    >
      <TextInput
        label={what === 'file' ? 'File name' : 'Folder name'}
        value={name}
        autoFocus
        autoComplete="off"
        error={failure || undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
