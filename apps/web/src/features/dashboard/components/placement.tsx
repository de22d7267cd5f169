import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { areaPath, installationPath, ropePath } from '../../../lib/hierarchy-paths';

/** A link at least 24 px high, as WCAG 2.5.8 asks of a target that is not part of a sentence. */
const TARGET_STYLE = { minHeight: 24, display: 'inline-flex', alignItems: 'center' } as const;

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
    <Breadcrumbs separator="›" separatorMargin={4} styles={{ root: { flexWrap: 'wrap' }, breadcrumb: TARGET_STYLE }}>
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
