import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { closeAuthModal, useAuthModal } from '@/lib/auth-modals';
import { SignInView } from './sign-in-view';
import { SignUpView } from './sign-up-view';

/** The sign-in and sign-up modals; any part of the app opens them through lib/auth-modals. */
export function AuthModals() {
  const modal = useAuthModal();
  // Keep the last view on screen while the dialog animates out.
  const [shown, setShown] = useState(modal);
  if (modal !== null && modal !== shown) setShown(modal);
  return (
    <Dialog open={modal !== null} onOpenChange={(open) => (open ? undefined : closeAuthModal())}>
      {shown === 'sign-up' ? (
        <DialogContent
          key="sign-up"
          title={
            <>
              Join the noise<span className="text-accent">.</span>
            </>
          }
          description="Create an account to order services and follow your projects."
        >
          <SignUpView />
        </DialogContent>
      ) : shown === 'sign-in' ? (
        <DialogContent
          key="sign-in"
          title={
            <>
              Sign In<span className="text-accent">.</span>
            </>
          }
          description="Welcome back. Pick how you would like to sign in."
        >
          <SignInView />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
