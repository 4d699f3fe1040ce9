import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
// antd's Input and Password themselves, not `Input` of the barrel: that one carries TextArea,
// Search, OTP and Group as static members, so none of them could be left out of the bundle.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { CaptchaResponse, LoginBody, LoginResult, OrgInfo } from '@huodong/domain/api';
import { api } from '../../shared/apiClient';
import { markAuthorised } from '../../shared/pageAuth';
import { apiBase, safeRedirect } from '../../shared/scope';
import { useScope } from '../../shared/useScope';
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

/*
 * The login page is the first load of most visits (budget in e2e/budgets.test.ts), so it uses
 * neither antd Form (with its validator and field machinery) nor TanStack Query (the signed-in
 * layout brings it): a small form state below, laid out like antd's vertical form (same ids,
 * labels, required marks, messages and ARIA), and plain API calls.
 */

type Field = keyof Pick<LoginBody, 'account' | 'password' | 'code'>;
type Values = Record<Field, string>;

const FORM_ID = 'login';
const fieldId = (f: Field) => `${FORM_ID}_${f}`;

/** The form's rules: 账号 may not be blank (spaces only), 密码 and 验证码 may not be empty. */
const RULES: Record<Field, { message: string; test: (v: string) => boolean }> = {
  account: { message: `请输入${ACCOUNT}`, test: (v) => v.trim() !== '' },
  password: { message: `请输入${PASSWORD}`, test: (v) => v !== '' },
  code: { message: `请输入${CAPTCHA}`, test: (v) => v !== '' },
};
const FIELDS = Object.keys(RULES) as Field[];

const errorOf = (field: Field, value: string): string | undefined => (RULES[field].test(value) ? undefined : RULES[field].message);

/** Title of the login page: 超级管理后台, or the organisation name + 管理后台. */
function useLoginTitle(scope: string, isSuper: boolean): string {
  const [orgName, setOrgName] = useState<string>();
  useEffect(() => {
    setOrgName(undefined);
    if (isSuper) return;
    const abort = new AbortController();
    // An unknown organisation: the error catalogue leads to 机构不存在.
    api.get<OrgInfo>(`${apiBase(scope)}/orgInfo`, undefined, { signal: abort.signal }).then(
      (org) => setOrgName(org.name),
      () => {},
    );
    return () => abort.abort();
  }, [scope, isSuper]);
  if (isSuper) return SUPER_TITLE;
  return orgName ? `${orgName}${ADMIN_SUFFIX}` : ADMIN_SUFFIX;
}

/** The verification code picture, fetched on arrival and again on `refresh` (a used code is void). */
function useCaptcha(base: string) {
  const [captcha, setCaptcha] = useState<CaptchaResponse>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    api.post<CaptchaResponse>(`${base}/login/verificationCode`, undefined, { signal: abort.signal }).then(setCaptcha, () => {});
    return () => abort.abort();
  }, [base, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { captcha, refresh };
}

/** One labelled field in antd's vertical form layout, with its message below the control. */
function FormRow({ field, label, error, children }: { field: Field; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        <label htmlFor={fieldId(field)} title={label}>
          {/* antd's required mark; hidden from screen readers, which hear aria-required. */}
          <span aria-hidden="true" style={{ marginInlineEnd: token.marginXXS, color: token.colorError, fontFamily: 'SimSun, sans-serif' }}>
            *
          </span>
          {label}
        </label>
      </div>
      {children}
      {error && (
        <div id={`${fieldId(field)}_help`} role="alert" style={{ color: token.colorError, lineHeight: token.lineHeight, minHeight: token.marginLG }}>
          {error}
        </div>
      )}
    </div>
  );
}

export default function LoginPage() {
  const { scope, isSuper } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const title = useLoginTitle(scope, isSuper);
  const base = apiBase(scope);
  const { captcha, refresh } = useCaptcha(base);
  const [values, setValues] = useState<Values>({ account: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const refreshCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    setErrors((e) => ({ ...e, code: undefined }));
    refresh();
  };

  const change = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: errorOf(field, value) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(FIELDS.map((f) => [f, errorOf(f, values[f])]));
    setErrors(found);
    if (pending || FIELDS.some((f) => found[f])) return;
    setPending(true);
    try {
      const result = await api.post<LoginResult>(`${base}/login`, { ...values, key: captcha?.key ?? '' });
      tokenStore.set(scope, { access_token: result.access_token, endTime: result.endTime });
      markAuthorised();
      void navigate(safeRedirect(params.get('redirect'), scope), { replace: true });
    } catch {
      // The catalogue has shown the server's message; a used code is void, so fetch a new one.
      if (mounted.current) refreshCaptcha();
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  const inputProps = (field: Field) => ({
    id: fieldId(field),
    value: values[field],
    onChange: change(field),
    status: errors[field] ? ('error' as const) : undefined,
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}_help` : undefined,
  });

  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh', background: '#f0f2f5' }} data-testid="login-page">
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
        <form id={FORM_ID} onSubmit={submit} autoComplete="off" noValidate>
          <FormRow field="account" label={ACCOUNT} error={errors.account}>
            <Input {...inputProps('account')} prefix={<UserOutlined />} maxLength={64} autoComplete="username" />
          </FormRow>
          <FormRow field="password" label={PASSWORD} error={errors.password}>
            <Password {...inputProps('password')} prefix={<LockOutlined />} maxLength={128} autoComplete="current-password" />
          </FormRow>
          <FormRow field="code" label={CAPTCHA} error={errors.code}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Input {...inputProps('code')} prefix={<SafetyOutlined />} maxLength={16} style={{ flex: 1 }} />
              <button
                type="button"
                onClick={refreshCaptcha}
                title={CAPTCHA_REFRESH}
                aria-label={CAPTCHA_REFRESH}
                style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', height: 40 }}
              >
                {captcha ? (
                  <img src={captcha.image} alt={CAPTCHA_IMAGE_ALT} style={{ height: 40, width: 120 }} />
                ) : (
                  <span style={{ display: 'inline-block', width: 120 }} />
                )}
              </button>
            </div>
          </FormRow>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {LOGIN}
          </Button>
        </form>
      </div>
    </div>
  );
}
