/**
 * The form machinery of the declarations: the create/edit and row-update dialogs, the field
 * inputs and the validation with the declarations' zod schemas. Import it from modules loaded
 * with a form (a dialog, an edit page), never from a list's first load: it brings zod and the
 * declarations' code (e2e/budgets.test.ts). ResourcePage loads its dialogs from here lazily.
 */
export { ResourceFormModal, DeclaredFormItems, type CustomInput, type FormInputContext } from './ResourceFormModal';
export { RowUpdateDialog } from './RowUpdateDialog';
export { FieldInput, valueProps } from './fieldInputs';
export { useResourceForm, FormInvalidError, type ResourceForm } from './useResourceForm';
export * from './validation';
