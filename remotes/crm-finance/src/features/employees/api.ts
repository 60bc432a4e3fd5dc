import type {
  Category,
  CreateEmployeeRequest,
  CreateEmployeeResponse,
  Employee,
  EmployeeListQuery,
  EmployeePage,
  Location,
  Role,
  UpdateEmployeeRequest,
} from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The employees' API hooks (contracts/people.ts). Employees and roles are company-wide records: keys start
 * with `employee` / `role`, the entities the server announces, so a colleague's hire, block or role edit
 * refreshes an open list or card without a reload.
 */
export const employeeKeys = entityKeys('employee');
export const roleKeys = entityKeys('role');
const locationKeys = { all: ['location'] as const };
const categoryKeys = entityKeys('category');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

export function useEmployees(query: EmployeeListQuery) {
  return useQuery({
    queryKey: employeeKeys.company('list', query),
    queryFn: async () => (await api.get<EmployeePage>('employees', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string | null) {
  return useQuery({
    queryKey: employeeKeys.company('detail', id),
    // skipToken rather than `enabled`, so a client that disables queries by default (tests) keeps this one idle too.
    queryFn: id ? async () => (await api.get<Employee>(`employees/${id}`)).data : skipToken,
  });
}

export function useRoles() {
  return useQuery({ queryKey: roleKeys.company('list'), queryFn: async () => (await api.get<Role[]>('roles')).data, staleTime: 60_000 });
}

/** The locations the signed-in employee may work in (an owner: every location of the company). */
export function useLocations() {
  return useQuery({ queryKey: [...locationKeys.all, 'mine'], queryFn: async () => (await api.get<Location[]>('location')).data, staleTime: 60_000 });
}

/** Catalogue categories for a commission rule limited to a category (sub-categories indented by the picker). */
export function useCatalogCategories(enabled = true) {
  return useQuery({
    queryKey: categoryKeys.company('tree'),
    queryFn: enabled ? async () => (await api.get<Category[]>('catalog/categories')).data : skipToken,
    staleTime: 60_000,
  });
}

export function useEmployeeMutations() {
  const qc = useQueryClient();
  const done = (e?: Employee) => {
    if (e) qc.setQueryData(employeeKeys.company('detail', e.id), e);
    void qc.invalidateQueries({ queryKey: employeeKeys.all });
    void qc.invalidateQueries({ queryKey: roleKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: async (body: CreateEmployeeRequest) => (await api.post<CreateEmployeeResponse>('employees', body)).data,
      onSuccess: ({ temporaryPassword: _, ...e }) => done(e),
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateEmployeeRequest & { id: string }) => (await api.patch<Employee>(`employees/${id}`, body)).data,
      onSuccess: done,
    }),
    block: useMutation({
      mutationFn: async ({ id, blocked }: { id: string; blocked: boolean }) => (await api.post<Employee>(`employees/${id}/${blocked ? 'block' : 'unblock'}`, {})).data,
      onSuccess: (e) => done(e && typeof e === 'object' && 'id' in e ? e : undefined),
    }),
    resetPassword: useMutation({
      mutationFn: async (id: string) => (await api.post<{ temporaryPassword: string }>(`employees/${id}/reset-password`, {})).data,
      onSuccess: () => done(),
    }),
  };
}
