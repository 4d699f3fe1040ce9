/** The resource machinery: a declared resource (ResourceDef) rendered as a page. */
export { ResourcePage, SearchBar, type ResourcePageProps, type RowActionRender, type RowContext, type SearchBarProps, type ToolbarContext } from './ResourcePage';
export { ResourceFormModal, type CustomInput, type FormInputContext } from './ResourceFormModal';
export { useResourceActions, confirm, type ResourceActions } from './useResourceActions';
export { resourceListPath, resourceQueryKey } from './resourcePaths';
export { useResourceForm, FormInvalidError, type ResourceForm } from './useResourceForm';
export { useFieldOptions } from './fieldInputs';
export * from './controls';
export * from './validation';
export * as resourceTexts from './texts';
