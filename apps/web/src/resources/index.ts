/**
 * The resource machinery: a declared resource rendered as a page. A layer beside shared/: it
 * uses shared/ and the domain, never features/ or app/ (test/layers.test.ts).
 *
 * This is what a list page loads at once. The form machinery (dialogs, field inputs, validation
 * with the declarations' zod schemas) is in `./forms`, for modules loaded with a form. A detail
 * page's tabs (`./DetailTabs`, antd Tabs) are imported from their module by the page using them.
 */
export { ResourcePage, fieldCell, type ResourcePageProps, type RowActionRender, type RowContext, type ToolbarContext } from './ResourcePage';
export { SearchBar, SearchField, searchFieldId, type SearchBarProps } from './SearchBar';
export type { CustomInput, FormInputContext } from './ResourceFormModal';
export { ParentBar } from './ParentBar';
export { ResourceDialogButton } from './ResourceDialogButton';
export { useResourceActions, confirm, type ResourceActions } from './useResourceActions';
export { resourceListPath, resourceQueryKey, uploadPath } from './resourcePaths';
export type { Declaration, DeclaredAction, DeclaredField, DeclaredRowUpdate } from './declarations';
export { DECLARATIONS } from './declarations.data';
export { useFieldOptions, useFieldsOptions } from './fieldOptions';
export * from './listModel';
export type { FormMode, FormValues } from './validation';
export * as resourceTexts from './texts';
