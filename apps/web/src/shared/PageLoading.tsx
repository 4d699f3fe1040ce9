import { Flex, Spin } from 'antd';
import { LOADING } from '@huodong/domain/messages';

/** The loading screen (spec §2): a spinner with 正在加载.... */
export function PageLoading() {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 240 }} data-testid="page-loading">
      <Spin />
      <span>{LOADING}</span>
    </Flex>
  );
}
