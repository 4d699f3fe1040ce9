import { Button, Descriptions, Flex, Image, Tag, Typography } from 'antd';
import { CASE_CATEGORIES, chinaDateTime, type CaseDetail } from '@huodong/domain';
import * as T from './texts';

/** What a case page shows above its document: the case's fields, its counters and the download. */
export function CaseSummary({ item, counts, onDownload }: { item: CaseDetail; counts: { views: number; download: number }; onDownload: () => void }) {
  return (
    <Flex gap={24} wrap style={{ marginBottom: 16 }}>
      {item.cover && <Image src={item.cover} alt={item.title} width={240} style={{ borderRadius: 8 }} />}
      <Flex vertical gap={12} style={{ flex: '1 1 360px' }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={T.CATEGORY}>
            {CASE_CATEGORIES[item.category] ?? ''}
            {item.is_rec === 1 && (
              <Tag color="gold" style={{ marginLeft: 8 }}>
                {T.RECOMMENDED}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={T.ORIGINATION}>{item.origination || item.org_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={T.AWARD}>{item.awardSituation || '—'}</Descriptions.Item>
          <Descriptions.Item label={T.CREATED}>{chinaDateTime(item.created_at)}</Descriptions.Item>
          <Descriptions.Item label={T.VIEWS}>
            <span data-testid="case-views">{counts.views}</span>
          </Descriptions.Item>
          <Descriptions.Item label={T.DOWNLOADS}>
            <span data-testid="case-downloads">{counts.download}</span>
          </Descriptions.Item>
        </Descriptions>
        {item.profile && <Typography.Paragraph style={{ marginBottom: 0 }}>{item.profile}</Typography.Paragraph>}
        <Flex gap={12} align="center">
          <Button type="primary" href={item.address} download={`${item.title}.pdf`} onClick={onDownload}>
            {T.DOWNLOAD}
          </Button>
          {item.certificate && <Image src={item.certificate} alt={T.CERTIFICATE} width={80} />}
        </Flex>
      </Flex>
    </Flex>
  );
}
