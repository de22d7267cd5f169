import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scalePhoto } from '../scale-photo';

// A phone names every photo alike ("image.jpg"): each chosen file gets its own key.
const keys = new WeakMap<File, string>();
function keyOf(photo: File): string {
  const key = keys.get(photo) ?? crypto.randomUUID();
  keys.set(photo, key);
  return key;
}

interface PhotoPickerProps {
  photos: readonly File[];
  onChange: (update: (photos: File[]) => File[]) => void;
  /** While chosen photos are being scaled: the event waits for them before it is saved. */
  onScaling: (scaling: boolean) => void;
  disabled?: boolean;
}

/**
 * Photos of a new event, taken with the phone's camera (or chosen): each scaled on the device before it is kept, so
 * that a morning's findings fit on the device and go over the first bar of signal.
 */
export function PhotoPicker({ photos, onChange, onScaling, disabled }: PhotoPickerProps) {
  const { t } = useTranslation();
  const [scaling, setScaling] = useState(false);

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setScaling(true);
    onScaling(true);
    try {
      const scaled = await Promise.all(chosen.map(scalePhoto));
      onChange((current) => [...current, ...scaled]);
    } finally {
      setScaling(false);
      onScaling(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={add} accept="image/*" capture="environment" multiple disabled={disabled}>
          {(props) => (
            <Button {...props} variant="default" loading={scaling}>
              {t('field.photos.add')}
            </Button>
          )}
        </FileButton>
        {scaling ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('field.photos.scaling')}
          </Text>
        ) : null}
      </Group>
      {photos.length > 0 ? (
        <Stack gap={4} data-testid="event-photos" role="list">
          {photos.map((photo) => (
            <Group key={keyOf(photo)} gap="sm" wrap="nowrap" role="listitem">
              <Thumbnail photo={photo} />
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {photo.name}
              </Text>
              <CloseButton
                disabled={disabled}
                aria-label={t('field.photos.remove', { name: photo.name })}
                onClick={() => onChange((current) => current.filter((other) => other !== photo))}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A small preview from an object URL, let go when the photo leaves the list. */
function Thumbnail({ photo }: { photo: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return url ? <Image src={url} alt="" w={48} h={48} fit="cover" radius="sm" /> : null;
}
