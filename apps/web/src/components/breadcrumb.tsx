import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../lib/session/session';

export interface CrumbItem {
  id: number;
  name: string;
  isDeleted: boolean;
}

interface HierarchyBreadcrumbProps {
  area?: CrumbItem;
  installation?: CrumbItem;
  rope?: CrumbItem;
}

interface Crumb {
  key: string;
  label: string;
  to: string;
}

/** All Areas > area > installation > rope, archived items marked; single-area users never see All Areas. */
export function HierarchyBreadcrumb({ area, installation, rope }: HierarchyBreadcrumbProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const name = (item: CrumbItem) => (item.isDeleted ? t('areas.breadcrumb.archived', { name: item.name }) : item.name);
  const crumbs: Crumb[] = [];
  if (!user?.isSingleArea) crumbs.push({ key: 'all', label: t('areas.breadcrumb.all'), to: '/areas' });
  if (area) crumbs.push({ key: 'area', label: name(area), to: `/areas/${area.id}` });
  if (area && installation) {
    crumbs.push({
      key: 'installation',
      label: name(installation),
      to: `/areas/${area.id}/installations/${installation.id}`,
    });
  }
  if (area && installation && rope) {
    crumbs.push({
      key: 'rope',
      label: name(rope),
      to: `/areas/${area.id}/installations/${installation.id}/ropes/${rope.id}`,
    });
  }
  return (
    <nav aria-label={t('areas.breadcrumb.label')}>
      <Breadcrumbs separator="›" separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.key} size="sm" fw={600} aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.key} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
