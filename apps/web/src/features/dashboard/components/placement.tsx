import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { areaPath, installationPath, ropePath } from '../links';

/** area > installation > rope, each a link. */
export function Placement({
  area,
  installation,
  rope,
}: {
  area: { id: number; name: string };
  installation: { id: number; name: string };
  rope?: { id: number; name?: string };
}) {
  return (
    <Breadcrumbs separator="›" separatorMargin={4} styles={{ root: { flexWrap: 'wrap' } }}>
      <Anchor component={Link} to={areaPath(area.id)} size="sm">
        {area.name}
      </Anchor>
      <Anchor component={Link} to={installationPath(area.id, installation.id)} size="sm">
        {installation.name}
      </Anchor>
      {rope ? (
        <Anchor component={Link} to={ropePath(area.id, installation.id, rope.id)} size="sm">
          {rope.name ?? `#${rope.id}`}
        </Anchor>
      ) : null}
    </Breadcrumbs>
  );
}
