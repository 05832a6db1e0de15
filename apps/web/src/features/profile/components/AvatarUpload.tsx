import { useRef } from 'react';
import { Avatar, Button, Flex, Typography } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_ACCEPT, avatarFileError } from '../utils/avatar-file';

export function AvatarUpload({ src }: { src: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  function pick(file: File | undefined) {
    if (!file) return;
    const error = avatarFileError(file);
    if (error) {
      notify.error(t(error));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success(t('profile.avatar.done')),
      onError: (err) => notify.error(err.message),
    });
  }

  return (
    <Flex vertical align="center" gap={12}>
      <Avatar size={96} src={src || undefined} icon={<UserOutlined />} />
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        data-testid="avatar-input"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button icon={<CameraOutlined />} loading={upload.isPending} onClick={() => input.current?.click()}>
        {t('profile.avatar.change')}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {t('profile.avatar.hint')}
      </Typography.Text>
    </Flex>
  );
}
