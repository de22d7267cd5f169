import { Alert, Anchor, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProjectView } from '@rope/domain/projects/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { ShowAsPicker, useShowAs } from '../../areas';
import { DocumentsPanel } from '../../documents';
import { useProjects } from '../api';
import { countryLabel } from '../project-labels';

/** /documents: the projects of the external document system the user sees, and their newest 5 documents. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const { allowed, showAs, choose } = useShowAs();
  const projects = useProjects(showAs);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1}>{t('documents.projects.title')}</Title>
        {allowed ? <ShowAsPicker value={showAs} onChange={choose} /> : null}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('documents.projects.projects')}
              </Title>
              {projects.isPending ? (
                <Center>
                  <Loader size="sm" aria-label={t('app.loading')} />
                </Center>
              ) : null}
              {projects.isError ? <Alert color="red">{t('documents.projects.loadError')}</Alert> : null}
              {projects.data?.length === 0 ? <Text c="dimmed">{t('documents.projects.empty')}</Text> : null}
              {projects.data && projects.data.length > 0 ? <ProjectsTable projects={projects.data} /> : null}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DocumentsPanel
            source={{ kind: 'newest' }}
            title={t('documents.projects.newest')}
            order={2}
            writable={false}
            showAs={showAs}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Number (the link), description, country and manager; on a phone the rows stack, so nothing is off-screen. */
function ProjectsTable({ projects }: { projects: ProjectView[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const columns = useMemo<ColumnDef<ProjectView, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('documents.projects.number'),
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={`/documents/${row.original.id}`}
            fw={600}
            aria-label={t('documents.projects.open', { number: row.original.installationNumber })}
          >
            {row.original.installationNumber}
          </Anchor>
        ),
      },
      { id: 'description', header: t('documents.projects.description'), accessorKey: 'description' },
      {
        id: 'country',
        header: t('documents.projects.country'),
        cell: ({ row }) => countryLabel(language, row.original.country) ?? '',
      },
      {
        id: 'manager',
        header: t('documents.projects.manager'),
        cell: ({ row }) => row.original.projectManager.name ?? '',
      },
    ],
    [t, language],
  );
  return (
    <DataTable
      label={t('documents.projects.projects')}
      minWidth={320}
      data={projects}
      columns={columns}
      getRowId={(project) => String(project.id)}
      emptyText={t('documents.projects.empty')}
    />
  );
}
