import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isNotFound } from '@/lib/api-client';
import { clientsKey } from './search-clients';

export interface StatusUpdate {
  _id?: string;
  title: string;
  description: string;
  date: string;
  createdAt?: string;
}

/** A customer's project (sale) as docs/product.md#data-shapes describes it. */
export interface ClientProject {
  _id: string;
  /** The short number people quote ('Order 1001'). */
  orderNumber: number;
  /** 'Project' for a service order, 'CustomQuote' for a paid custom quote. */
  type?: string;
  service: { title: string; description?: string; featurePhoto?: string };
  status: string;
  startDate: string | null;
  expectedDeliveryDate: string | null;
  deliveryDate: string | null;
  totalPrice: number;
  statusUpdates: StatusUpdate[];
}

export const clientProjectsKey = (id: string) => [...clientsKey, 'projects', id] as const;

/**
 * GET /api/users/clients/{id}/projects. A 404 for a customer we just loaded means the projects
 * API is not on this server yet: the customer simply has no projects to show.
 */
export async function getClientProjects(
  id: string,
  signal?: AbortSignal,
): Promise<ClientProject[]> {
  try {
    return await api.get<ClientProject[]>(
      `/api/users/clients/${encodeURIComponent(id)}/projects`,
      signal,
    );
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export function clientProjectsQuery(id: string) {
  return queryOptions({
    queryKey: clientProjectsKey(id),
    queryFn: ({ signal }) => getClientProjects(id, signal),
  });
}

export function useClientProjects(id: string) {
  return useQuery(clientProjectsQuery(id));
}
