import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex max-w-full gap-1 overflow-x-auto rounded-full bg-ink/5 p-1.5',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex min-h-10 cursor-pointer items-center justify-center rounded-full px-5 text-sm font-semibold whitespace-nowrap text-muted transition-colors hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong data-[state=active]:bg-ink data-[state=active]:text-paper',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('mt-6 focus-visible:outline-3 focus-visible:outline-accent-strong', className)}
      {...props}
    />
  );
}
