import { filterModeOf, type FilterMode, type ResourceAction, type ResourceDef, type ResourceField, type RowUpdateAction } from '@huodong/domain';

/**
 * What a list page reads of the declarations (`@huodong/domain` RESOURCES): everything but their
 * zod schemas. The list, its filters, cells, row controls and toolbar need the fields' labels,
 * kinds, options and flags; only the create/edit and row-update dialogs validate, and they load
 * with the dialog (`ResourceFormModal`, `RowUpdateDialog`), taking the schemas from the domain's
 * declaration of the same name (`resourceOf` in validation.ts).
 *
 * The list pages take them from declarations.data.ts (`DECLARATIONS`), which the build replaces
 * by its value computed at build time (`buildTimeData` in apps/web/vite.config.ts): neither zod
 * nor the declarations' code is part of a list page's first load.
 */

/**
 * A declared field without its schemas; `filter` is its mode (the domain's `filterModeOf`, which
 * lives beside the zod building blocks), so a list never calls into them.
 */
export interface DeclaredField extends Omit<ResourceField, 'schema' | 'updateSchema' | 'filter' | 'placeholder' | 'editPlaceholder'> {
  filter?: FilterMode;
}
/** A declared row update without its form (fields and body): the dialog takes them from the domain. */
export type DeclaredRowUpdate = Omit<RowUpdateAction, 'fields' | 'body'>;
export type DeclaredAction = Exclude<ResourceAction, RowUpdateAction> | DeclaredRowUpdate;

/** A declaration as the list pages read it (`declarationOf` a domain `ResourceDef`). */
export interface Declaration extends Omit<ResourceDef, 'fields' | 'actions' | 'create' | 'update' | 'refine'> {
  fields: DeclaredField[];
  actions: DeclaredAction[];
}

/** A declaration without its schemas, body checks and row-update forms. */
export function declarationOf(def: ResourceDef): Declaration {
  const { create: _create, update: _update, refine: _refine, fields, actions, ...rest } = def;
  return {
    ...rest,
    fields: fields.map((f) => {
      // Placeholders are the dialogs' (they read the domain's fields): not part of a list's first load.
      const { schema: _schema, updateSchema: _updateSchema, filter: _filter, placeholder: _placeholder, editPlaceholder: _editPlaceholder, ...field } = f;
      const filter = filterModeOf(f);
      return filter ? { ...field, filter } : field;
    }),
    actions: actions.map((a) => {
      if (a.kind !== 'rowUpdate') return a;
      const { fields: _fields, body: _body, ...action } = a;
      return action;
    }),
  };
}
