import { Anchor, Text } from '@mantine/core';
import type { MountedRopeView } from '@rope/domain/sensors/views';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ropePath } from '../../../lib/hierarchy-paths';

/** Where a device or smartrope is mounted, area > installation > rope, as a link to the rope page. */
export function MountedRopeLink({ rope }: { rope: MountedRopeView | null }) {
  const { t } = useTranslation();
  if (!rope) {
    return (
      <Text size="sm" c="dimmed" component="span">
        {t('sensors.rope.none')}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={ropePath(rope.area.id, rope.installation.id, rope.id)} size="sm">
      {t('sensors.rope.path', { area: rope.area.name, installation: rope.installation.name, rope: rope.name })}
    </Anchor>
  );
}
