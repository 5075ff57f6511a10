import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/utils';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

/**
 * Renders its only child with these props merged in (the child's own props win, class names
 * add up). A few lines instead of a dependency on every page's first load.
 */
export function Slot({ children, className, ...props }: SlotProps) {
  if (!isValidElement<HTMLAttributes<HTMLElement>>(children)) return null;
  return cloneElement(children, {
    ...props,
    ...children.props,
    className: cn(className, children.props.className),
  });
}
