import { useState, type ChangeEvent } from 'react';
import { REQUIRED_MESSAGE } from './field';

/**
 * docs/product.md#validation-messages: a required field shows 'This field is required' once it
 * has been edited and is empty again. Works for controlled and uncontrolled (react-hook-form)
 * inputs alike.
 */
export function useRequiredState<E extends HTMLInputElement | HTMLTextAreaElement>(
  required: boolean | undefined,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  const [emptyAfterEdit, setEmptyAfterEdit] = useState(false);
  function handleChange(event: ChangeEvent<E>) {
    setEmptyAfterEdit(event.target.value === '');
    onChange?.(event);
  }
  return {
    requiredError: required && emptyAfterEdit ? REQUIRED_MESSAGE : undefined,
    handleChange,
  };
}
