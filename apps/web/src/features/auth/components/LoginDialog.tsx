import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoginThrottled, type SessionAnswer } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { loginWithPassword } from '../../../lib/session';

interface Props {
  open: boolean;
  onClose(): void;
  /** Called after the session is stored; the shell decides where to land. */
  onLoggedIn(answer: SessionAnswer): void;
}

interface Values {
  username: string;
  password: string;
}

export function LoginDialog({ open, onClose, onLoggedIn }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waitSeconds = useCountdown();

  async function submit(values: Values) {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await loginWithPassword(values.username.trim(), values.password);
      notify.success(t('login.message.success'));
      onLoggedIn(answer);
    } catch (err) {
      // The server's own words: "Invalid username or password", the throttling delay, a disabled account...
      setError(err instanceof ApiError ? err.message : t('axios.network.error'));
      // Throttled: the server evaluates no attempt before then, so the button waits for it and says how long.
      const throttled = err instanceof ApiError && err.code === Code.LOGIN_THROTTLED ? LoginThrottled.safeParse(err.data) : null;
      if (throttled?.success) waitSeconds.start(throttled.data.retryAfterSeconds);
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={400}
      destroyOnHidden
      title={t('auth.login.title')}
      afterClose={() => setError(null)}
    >
      <Typography.Paragraph type="secondary">{t('auth.login.subtitle')}</Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on">
        <Form.Item
          name="username"
          label={t('auth.login.username')}
          rules={[{ required: true, whitespace: true, message: t('auth.login.usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.login.password')} rules={[{ required: true, message: t('auth.login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={waitSeconds.left > 0}>
          {waitSeconds.left > 0 ? t('auth.login.retryIn', { time: clock(waitSeconds.left) }) : t('auth.login.submit')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
          {t('auth.login.lostPassword')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

/** 75 -> "1:15": the same in every language, readable for a 15-minute wait as for a 5-second one. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Whole seconds left until a deadline set by `start`, ticking once a second; 0 when none is running. */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    start(seconds: number) {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}
