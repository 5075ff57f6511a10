import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  manageServiceSummarySchema,
  type ManageServiceSummary,
} from '@noise/shared/catalogue-admin';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const manageServicesKey = ['staff', 'services'] as const;

/** GET /api/services/manage: every service for the staff list, archived ones flagged. */
export function getManageServices(signal?: AbortSignal): Promise<ManageServiceSummary[]> {
  return apiRequest('/api/services/manage', {
    signal,
    check: checkWith(z.array(manageServiceSummarySchema)),
  });
}

export const manageServicesQuery = queryOptions({
  queryKey: [...manageServicesKey, 'list'],
  queryFn: ({ signal }) => getManageServices(signal),
});

export function useManageServices() {
  return useQuery(manageServicesQuery);
}
