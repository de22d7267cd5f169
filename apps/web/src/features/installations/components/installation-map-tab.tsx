import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { InstallationAttributes } from '@rope/domain/hierarchy/installations';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/failure-text';
import { installationKeys } from '../api';
import { MAP_IMAGE_TYPES, uploadMapImage } from '../upload-map-image';

interface InstallationMapImageProps {
  installationId: number;
  attributes: InstallationAttributes;
  readOnly: boolean;
  onUploaded: (installation: InstallationView) => void;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/** The site plan of the image map: jpeg or png, uploaded with visible progress; a failure shows the server's text. */
export function InstallationMapImage({ installationId, attributes, readOnly, onUploaded }: InstallationMapImageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const upload = (file: File | null) => {
    if (!file) return;
    setState({ phase: 'uploading', percent: 0 });
    uploadMapImage(installationId, file, (percent) => setState({ phase: 'uploading', percent })).then(
      (installation) => {
        setState({ phase: 'done' });
        queryClient.setQueryData(installationKeys.detail(installation.id), installation);
        void queryClient.invalidateQueries({ queryKey: installationKeys.lists() });
        onUploaded(installation);
      },
      (error: unknown) =>
        setState({
          phase: 'failed',
          message: failureText(t, error, t('common.tryLater')),
        }),
    );
  };
  const colour = state.phase === 'failed' ? 'red' : state.phase === 'done' ? 'green' : undefined;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('installations.settings.mapImage')}
      </Text>
      <Text size="sm" c="dimmed">
        {attributes.mapImageUri && attributes.mapImageWidth && attributes.mapImageHeight
          ? t('installations.settings.imageSize', {
              width: attributes.mapImageWidth,
              height: attributes.mapImageHeight,
            })
          : t('installations.settings.noImage')}
      </Text>
      {readOnly ? null : (
        <Group gap="sm">
          <FileButton onChange={upload} accept={MAP_IMAGE_TYPES}>
            {(props) => (
              <Button {...props} variant="light" color={colour} loading={state.phase === 'uploading'}>
                {t('installations.settings.uploadImage')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {state.phase === 'uploading' ? (
        <Progress
          value={state.percent}
          animated
          aria-label={t('installations.settings.uploading', { percent: state.percent })}
        />
      ) : null}
      {state.phase === 'failed' ? (
        <Text size="sm" c="red" role="alert">
          {t('installations.settings.uploadError', { message: state.message })}
        </Text>
      ) : null}
      {state.phase === 'done' ? (
        <Text size="sm" c="green" role="status">
          {t('installations.settings.uploaded')}
        </Text>
      ) : null}
    </Stack>
  );
}
