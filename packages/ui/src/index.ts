// The public surface of the UI kit, a federated singleton like shared-core: every bundle imports
// `@repo/ui` by its bare name and this list is the contract. It only grows additively.
export { PageHeader, type PageHeaderProps } from './page-header';
export { QueryError, EmptyState, QueryState, type QueryErrorProps, type EmptyStateProps, type QueryLike, type QueryStateProps } from './query-states';
export { Can, useRule, useRules, allows, type CanProps } from './can';
export {
  useZodForm,
  zodFields,
  zodRule,
  zodObjectRule,
  zodFieldMessage,
  zodMaxLength,
  isZodRequired,
  setServerErrors,
  type ZodFields,
} from './zod-form';
export { MoneyCell, DateCell, StatusCell, defineStatuses, type StatusLook } from './cells';
export { DataTable, type DataTableProps, type Page } from './data-table';
export {
  defineTableParams,
  parseTableParams,
  serializeTableParams,
  toApiQuery,
  useTableParams,
  defaultPageSizes,
  type FilterKind,
  type SortOrder,
  type TableParams,
  type TableParamsSpec,
  type TableParamsChange,
} from './table-params';
export { printHtml, printElement, type PrintOptions } from './print';
export { fitColumns, useElementWidth, type ColumnDrop } from './fit-columns';
export { uiVersion } from './version';
export { LinkedTasks } from './linked-tasks';
