import type { Client, ClientPage, CreatePlannerEventRequest, PlannerEmployees, PlannerEvent, UpdatePlannerEventRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toEventsQuery, type PlannerFilters } from './url-state';

/**
 * The planner's API hooks (server/docs/planner.md). Keys start with `planner`, the entity the server
 * announces, so the host's realtime invalidation refetches an open calendar when an event changes
 * (the page also refetches on `task` events: task due moments are drawn here).
 */
export const plannerKeys = entityKeys('planner');

export interface VisibleRange {
  from: Date;
  to: Date;
}

export function usePlannerEvents(range: VisibleRange | null, filters: PlannerFilters) {
  const params = range ? toEventsQuery(range, filters) : null;
  return useQuery({
    queryKey: plannerKeys.list(params ?? {}),
    // skipToken, not `enabled`: idle until the calendar has shown its range, and the client's defaults still apply.
    queryFn: params ? async () => (await api.get<PlannerEvent[]>('planner/events', { params, silent: true })).data : skipToken,
    placeholderData: keepPreviousData,
  });
}

export function usePlannerEvent(id: string | undefined) {
  return useQuery({
    queryKey: plannerKeys.detail(id ?? ''),
    queryFn: id && !id.startsWith('task:') ? async () => (await api.get<PlannerEvent>(`planner/events/${encodeURIComponent(id)}`, { silent: true })).data : skipToken,
    retry: false,
  });
}

/** Who can have a shift or an appointment at a location (its active employees). */
export function usePlannerEmployees(locationId: string | undefined) {
  return useQuery({
    queryKey: [...plannerKeys.scope(), 'employees', locationId ?? ''],
    queryFn: async () => (await api.get<PlannerEmployees>('planner/employees', { params: locationId ? { locationId } : {}, silent: true })).data,
    staleTime: 60_000,
    retry: false,
  });
}

/** Clients found by phone or name for the appointment's client picker (two characters or more). */
export function useClientPick(search: string) {
  return useQuery({
    queryKey: ['client', 'company', 'pick', search],
    queryFn: search.trim().length >= 2 ? async () => (await api.get<ClientPage>('clients', { params: { search, pageSize: 10 }, silent: true })).data.items as Client[] : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** Quiet calls: the screen says what went wrong itself (a field, a toast, or the overlap question). */
export const plannerCalls = {
  create: async (body: CreatePlannerEventRequest) => (await api.post<PlannerEvent>('planner/events', body, { silent: true })).data,
  update: async (id: string, body: UpdatePlannerEventRequest) => (await api.patch<PlannerEvent>(`planner/events/${encodeURIComponent(id)}`, body, { silent: true })).data,
  remove: async (id: string) => {
    await api.delete(`planner/events/${encodeURIComponent(id)}`, { silent: true });
  },
};

export function usePlannerMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: plannerKeys.all });
  return {
    create: useMutation({ mutationFn: plannerCalls.create, onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdatePlannerEventRequest }) => plannerCalls.update(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: plannerCalls.remove, onSuccess: refresh }),
    refresh,
  };
}
