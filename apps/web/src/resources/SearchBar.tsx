import { createContext, useContext, type FormEvent, type ReactNode } from 'react';
import { Button, Space, theme } from 'antd';
import { useNarrow } from '../shared/useNarrow';
import { RESET, SEARCH } from './texts';

/*
 * A list page's search form without antd Form: the form's values are a list page's own state,
 * a search has no rules, and antd Form with its field store and validator (~19 KB brotli) would
 * be on every list page's first load; the create/edit dialogs bring it when they open. Laid out
 * as antd's inline form (vertical on narrow screens), with the ids antd gives (`<form>_<field>`).
 */

/** The form's name, for the ids of its fields. */
const FormName = createContext('');

/** The id of a search field: `<form name>_<field>`, as antd Form names them. */
export const searchFieldId = (form: string, field: string): string => `${form}_${field}`;

export interface SearchBarProps {
  /** The form's name (`organizations-search`): its fields' ids are `<name>_<field>`. */
  name: string;
  onSearch: () => void;
  /** 重置: the page clears its values and lists without filters. */
  onReset: () => void;
  /** The search fields (`SearchField`); their inputs size with `useNarrow() ? '100%' : …`. */
  children: ReactNode;
}

/**
 * A list page's search form with 查询 and 重置: one row that wraps on wide screens, stacked
 * full-width fields on narrow ones. Enter in a field searches (the form's submit).
 */
export function SearchBar({ name, onSearch, onReset, children }: SearchBarProps) {
  const narrow = useNarrow();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form
      id={name}
      onSubmit={submit}
      autoComplete="off"
      noValidate
      style={narrow ? undefined : { display: 'flex', flexWrap: 'wrap', alignItems: 'center', rowGap: 12, columnGap: 16 }}
    >
      <FormName.Provider value={name}>{children}</FormName.Provider>
      <Space>
        <Button type="primary" htmlType="submit">
          {SEARCH}
        </Button>
        <Button onClick={onReset}>{RESET}</Button>
      </Space>
    </form>
  );
}

/**
 * A labelled field of the search form: the label (`<label for>` the field's id) before the input
 * with antd's colon on wide screens, above it on narrow ones. `children` is given the id.
 */
export function SearchField({ field, label, children }: { field: string; label: string; children: (id: string) => ReactNode }) {
  const form = useContext(FormName);
  const narrow = useNarrow();
  const { token } = theme.useToken();
  const id = searchFieldId(form, field);
  const text = (
    <label htmlFor={id} title={label} style={{ color: token.colorTextHeading, whiteSpace: narrow ? undefined : 'nowrap' }}>
      {label}
    </label>
  );
  if (narrow) {
    return (
      <div style={{ marginBottom: token.marginLG }}>
        <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>{text}</div>
        {children(id)}
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'center', minHeight: token.controlHeight }}>
      {text}
      {/* antd's colon after an inline label, outside the label's text */}
      <span aria-hidden="true" style={{ marginInlineStart: 2, marginInlineEnd: 8, color: token.colorTextHeading }}>
        :
      </span>
      {children(id)}
    </div>
  );
}
