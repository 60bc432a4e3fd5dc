import type { CreateCreditOfferRequest, CreditOffer, UpdateCreditOfferRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The `/credits` screen's API hooks. Credit offers are company-wide: their keys have no shop (the
 * server announces `credit_offer` with no location, so a colleague's change refreshes every tab).
 */
export const creditOfferKeys = entityKeys('credit_offer');

/** The offers in use, or with `archived` the archive (by partner and name, as the server sorts them). */
export function useCreditOffers(archived = false, enabled = true) {
  return useQuery({
    queryKey: creditOfferKeys.company('list', { archived }),
    queryFn: async () => (await api.get<CreditOffer[]>('credits/offers', { params: archived ? { archived: 'true' } : undefined })).data,
    enabled,
  });
}

export function useCreditOfferMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: creditOfferKeys.all });
  return {
    create: useMutation({
      mutationFn: async (body: CreateCreditOfferRequest) => (await api.post<CreditOffer>('credits/offers', body)).data,
      onSuccess: refresh,
    }),
    /** Any of the fields; `archived: true` archives the offer, `false` restores it. */
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateCreditOfferRequest & { id: string }) => (await api.patch<CreditOffer>(`credits/offers/${id}`, body)).data,
      onSuccess: refresh,
    }),
  };
}
