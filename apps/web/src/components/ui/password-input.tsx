import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextInput, type TextInputProps } from '@/components/ui/input';

/** A password field with a show/hide toggle. */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="grid size-9 cursor-pointer place-items-center rounded-full text-muted hover:bg-ink/5 hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-strong"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      }
    />
  );
}
