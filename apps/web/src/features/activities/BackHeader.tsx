import { Button, Flex, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';

/**
 * Above an activity's page: a way back (`返回第三方活动`) and, once read, the page's title as a
 * plain heading styled as antd's Title level 5 (without Typography's module).
 */
export function BackHeader({ back, onBack, title, testId }: { back: string; onBack: () => void; title?: string; testId: string }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
        {back}
      </Button>
      {title && (
        <h5
          data-testid={testId}
          style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}
        >
          {title}
        </h5>
      )}
    </Flex>
  );
}
