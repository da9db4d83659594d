// Shared pieces of the admin portal's sections (src/features/admin/<section>).
export { CodeStep } from './code-step';
export { ConfirmDialog } from './confirm-dialog';
export { CopyField } from './copy-field';
export { DataTable, type ColumnDef, type SortingState } from './data-table';
export { FormDialog } from './form-dialog';
export { ListCard } from './list-card';
export { RowActions } from './row-actions';
export { PagePicker } from './page-picker';
export { NameInput, useNameField, type NameField } from './name-field';
export {
  AdminPortalProvider,
  useAdminPortal,
  useCan,
  useFieldAppearance,
  useTabAppearance,
} from './portal-context';
export { EmptyState, ErrorState, LoadingState, SectionPage } from './section-page';
export { TextField, fieldErrorsOf } from './text-field';
export { useConfirmation, type Confirmation } from './use-confirmation';
export { useSubmit, type Submission } from './use-submit';
