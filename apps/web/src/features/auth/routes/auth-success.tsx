import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * Where the OAuth flow lands: /auth-success?token=... stores the token and goes to /dashboard
 * (or to / without one), replacing the entry so the token stays out of the history.
 */
export function AuthSuccessRoute() {
  const navigate = useNavigate();
  const { login } = useAuth();

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (token) {
      login(token);
      navigate('/dashboard', { replace: true });
    } else {
      navigate('/', { replace: true });
    }
  }, [login, navigate]);

  return <FullScreenSpinner label="Signing you in" />;
}
