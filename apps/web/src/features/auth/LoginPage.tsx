import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, theme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaResponse, LoginBody, LoginResult } from '@huodong/domain/api';
import { api, type ApiError } from '../../shared/api';
import { markAuthorised } from '../../shared/pageAuth';
import { apiBase, safeRedirect } from '../../shared/scope';
import { useOrgInfo, useScope } from '../../shared/session';
import {
  ACCOUNT,
  ADMIN_SUFFIX,
  CAPTCHA,
  CAPTCHA_IMAGE_ALT,
  CAPTCHA_REFRESH,
  LOGIN,
  PASSWORD,
  SUPER_TITLE,
} from '../../shared/texts';
import { tokenStore } from '../../shared/tokenStore';

type LoginForm = Pick<LoginBody, 'account' | 'password' | 'code'>;

/** Title of the login page: 超级管理后台, or the organisation name + 管理后台. */
function useLoginTitle(): string {
  const { isSuper } = useScope();
  const org = useOrgInfo();
  if (isSuper) return SUPER_TITLE;
  return org.data ? `${org.data.name}${ADMIN_SUFFIX}` : ADMIN_SUFFIX;
}

export default function LoginPage() {
  const { scope } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<LoginForm>();
  const { token } = theme.useToken();
  const title = useLoginTitle();
  const base = apiBase(scope);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const captcha = useQuery<CaptchaResponse, ApiError>({
    queryKey: ['captcha', scope],
    queryFn: () => api.post<CaptchaResponse>(`${base}/login/verificationCode`),
    staleTime: Infinity,
    gcTime: 0,
  });

  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const login = useMutation<LoginResult, ApiError, LoginForm>({
    mutationFn: (values) => api.post<LoginResult>(`${base}/login`, { ...values, key: captcha.data?.key ?? '' }),
    onSuccess: (result) => {
      tokenStore.set(scope, { access_token: result.access_token, endTime: result.endTime });
      markAuthorised();
      client.clear();
      navigate(safeRedirect(params.get('redirect'), scope), { replace: true });
    },
    // The catalogue has shown the server's message; a used code is void, so fetch a new one.
    onError: refreshCaptcha,
  });

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }} data-testid="login-page">
      {/* A plain panel and heading, not antd Card and Typography: those bring tabs, menus and
          text areas into the first load (budget in e2e/budgets.test.ts). */}
      <div
        style={{
          width: 400,
          maxWidth: 'calc(100% - 24px)',
          padding: 24,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <h1 style={{ textAlign: 'center', margin: '0 0 24px', fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
          {title}
        </h1>
        <Form<LoginForm> form={form} name="login" layout="vertical" onFinish={(v) => login.mutate(v)} autoComplete="off">
          <Form.Item label={ACCOUNT} name="account" rules={[{ required: true, whitespace: true, message: `请输入${ACCOUNT}` }]}>
            <Input prefix={<UserOutlined />} maxLength={64} autoComplete="username" />
          </Form.Item>
          <Form.Item label={PASSWORD} name="password" rules={[{ required: true, message: `请输入${PASSWORD}` }]}>
            <Input.Password prefix={<LockOutlined />} maxLength={128} autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={CAPTCHA} htmlFor="login_code" required>
            <Flex gap={8} align="center">
              <Form.Item name="code" noStyle rules={[{ required: true, message: `请输入${CAPTCHA}` }]}>
                <Input id="login_code" prefix={<SafetyOutlined />} maxLength={16} style={{ flex: 1 }} />
              </Form.Item>
              <button
                type="button"
                onClick={refreshCaptcha}
                title={CAPTCHA_REFRESH}
                aria-label={CAPTCHA_REFRESH}
                style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', height: 40 }}
              >
                {captcha.data ? (
                  <img src={captcha.data.image} alt={CAPTCHA_IMAGE_ALT} style={{ height: 40, width: 120 }} />
                ) : (
                  <span style={{ display: 'inline-block', width: 120 }} />
                )}
              </button>
            </Flex>
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={login.isPending}>
              {LOGIN}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Flex>
  );
}
