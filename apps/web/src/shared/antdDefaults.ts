import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@huodong/domain/constants';
import { totalText } from './texts';

/**
 * Pagination defaults of spec §9 that antd's ConfigProvider cannot set globally (it only takes
 * `showSizeChanger`). Tables spread this: `pagination={{ ...TABLE_PAGINATION, current, total }}`.
 */
export const TABLE_PAGINATION: TablePaginationConfig = {
  defaultPageSize: PAGE_SIZE_DEFAULT,
  pageSizeOptions: [...PAGE_SIZE_OPTIONS],
  showQuickJumper: true,
  showSizeChanger: true,
  showTotal: totalText,
};
