import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { mayChangePicture } from '@rope/domain/users/policy';
import type { UserDetail } from '@rope/domain/users/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/failure-text';
import { useSessionUser } from '../../../lib/session/session';
import { sessionActor } from '../actor';
import { useUploadPicture } from '../api';
import { isPictureFile, PICTURE_ACCEPT } from '../picture-file';

/** Project managers' picture (shown on the project contact ribbon); a new record gets one once saved. */
export function UserPictureField({ user }: { user: UserDetail | undefined }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('users.form.picture')}>
      {user ? (
        <PictureUpload user={user} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.form.pictureAfterSave')}
        </Text>
      )}
    </Input.Wrapper>
  );
}

function PictureUpload({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const upload = useUploadPicture(user.id);
  // The server versions the address (`?v=`), so a new picture is a new URL and never a cached old one.
  const [pictureUri, setPictureUri] = useState(user.pictureUri);
  const [error, setError] = useState<string | null>(null);
  const allowed = Boolean(sessionUser && mayChangePicture(sessionActor(sessionUser), user.id));
  const hasPicture = Boolean(pictureUri);

  const choose = (file: File | null) => {
    if (!file) return;
    if (!isPictureFile(file)) {
      setError(t('users.form.pictureType'));
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: (uri) => setPictureUri(uri),
      onError: (failure) => setError(failureText(t, failure, t('common.tryLater'))),
    });
  };

  return (
    <Group gap="md" mt={4} align="flex-start">
      <Avatar size="lg" radius="xl" src={pictureUri} alt={t('users.form.pictureAlt', { email: user.email })} />
      {allowed ? (
        <Stack gap={4}>
          <FileButton onChange={choose} accept={PICTURE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" color={error ? 'red' : undefined} loading={upload.isPending}>
                {hasPicture ? t('users.form.pictureReplace') : t('users.form.pictureUpload')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? t('users.form.pictureHint')}
          </Text>
        </Stack>
      ) : null}
    </Group>
  );
}
