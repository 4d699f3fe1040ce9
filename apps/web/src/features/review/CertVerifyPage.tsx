import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Input, Tag } from 'antd';
import * as T from './texts';

interface Verified {
  holder: string;
  act_title: string;
  org_name: string;
  kind_label: string;
  award_level: string;
  cert_no: string;
  issue_date: string;
  status: 'valid' | 'revoked' | 'expired';
  status_label: string;
}

const STATUS_COLOR = { valid: 'green', revoked: 'red', expired: 'orange' } as const;

/**
 * 证书查验 (`/{org}/certVerify?code=`, no sign-in; the QR code on every certificate opens it):
 * `GET /v1/cert/verify?code=` shows the masked holder, activity, level, date and status.
 */
export default function CertVerifyPage() {
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [result, setResult] = useState<Verified | null>(null);
  const [error, setError] = useState('');
  const check = async (value: string) => {
    setError('');
    setResult(null);
    if (!value.trim()) return;
    const res = await fetch(`/v1/cert/verify?code=${encodeURIComponent(value.trim())}`);
    const env = (await res.json().catch(() => null)) as { code: number; message: string; data: Verified } | null;
    if (res.ok && env?.code === 200) setResult(env.data);
    else setError(res.status === 404 ? T.NOT_FOUND : (env?.message ?? T.NOT_FOUND));
  };
  useEffect(() => {
    const c = params.get('code');
    if (c) void check(c);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Card title={T.VERIFY_TITLE} style={{ maxWidth: 560, margin: '48px auto' }}>
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Input aria-label={T.VERIFY_CODE} placeholder={T.VERIFY_CODE} value={code} onChange={(e) => setCode(e.target.value)} onPressEnter={() => (setParams({ code }), void check(code))} />
        <Button type="primary" onClick={() => (setParams({ code }), void check(code))}>
          {T.VERIFY}
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon message={error} />}
      {result && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={T.CERT_STATUS}>
            <Tag color={STATUS_COLOR[result.status]}>{result.status_label}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={T.HOLDER}>{result.holder}</Descriptions.Item>
          <Descriptions.Item label={T.ACTIVITY}>{result.act_title}</Descriptions.Item>
          <Descriptions.Item label={T.KIND}>{result.kind_label}</Descriptions.Item>
          {result.award_level && <Descriptions.Item label={T.LEVEL}>{result.award_level}</Descriptions.Item>}
          <Descriptions.Item label={T.CERT_NO}>{result.cert_no}</Descriptions.Item>
          <Descriptions.Item label={T.ISSUED}>{result.issue_date}</Descriptions.Item>
          <Descriptions.Item label={T.ISSUER}>{result.org_name}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
