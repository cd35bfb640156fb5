/**
 * The platform's plan over TanStack Query: what `GET /v1/platform-billing/info` answers (plan,
 * usage, the license key masked) and activating a license key, which refreshes it and the flags
 * (they carry the plan too).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';

/** The query key of the platform's billing information. */
export const PLATFORM_BILLING_KEY = ['platform-billing'] as const;

/** The platform's plan, usage and masked license key. */
export function usePlatformBilling() {
  const client = useApi();
  return useQuery({ queryKey: PLATFORM_BILLING_KEY, queryFn: () => client.platformBilling.info() });
}

/** Activating a license key on the platform; `onActivated` runs once the server accepted it. */
export function useActivateLicense(onActivated: () => void) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (licenseKey: string) => client.platformBilling.activate({ licenseKey }),
    onSuccess: async (plan) => {
      await queryClient.invalidateQueries({ queryKey: PLATFORM_BILLING_KEY });
      await queryClient.invalidateQueries({ queryKey: ['flags'] });
      onActivated();
      toast(`The platform is on the ${plan.name} plan`);
    },
  });
}
