/**
 * The resource machinery: a declared resource (ResourceDef) rendered as a page. A layer beside
 * shared/: it uses shared/ and the domain, never features/ or app/ (test/layers.test.ts).
 */
export { ResourcePage, SearchBar, type ResourcePageProps, type RowActionRender, type RowContext, type SearchBarProps, type ToolbarContext } from './ResourcePage';
export { ResourceFormModal, DeclaredFormItems, type CustomInput, type FormInputContext } from './ResourceFormModal';
export { RowUpdateDialog } from './RowUpdateDialog';
export { DetailTabs, type DetailTab, type DetailTabsProps } from './DetailTabs';
export { ParentBar } from './ParentBar';
export { ResourceDialogButton } from './ResourceDialogButton';
export { useResourceActions, confirm, type ResourceActions } from './useResourceActions';
export { resourceListPath, resourceQueryKey, uploadPath } from './resourcePaths';
export { useResourceForm, FormInvalidError, type ResourceForm } from './useResourceForm';
export { useFieldOptions } from './fieldInputs';
export * from './listModel';
export * from './validation';
export * as resourceTexts from './texts';
