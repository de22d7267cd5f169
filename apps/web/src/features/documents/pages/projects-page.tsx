import { Alert, Anchor, Center, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShowAsPicker } from '../../areas/components/show-as-picker';
import { useShowAs } from '../../areas/show-as';
import { useProjects } from '../api';
import { DocumentsPanel } from '../components/documents-panel';

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
              {projects.data && projects.data.length > 0 ? (
                <Table.ScrollContainer minWidth={320}>
                  <Table striped highlightOnHover aria-label={t('documents.projects.projects')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('documents.projects.number')}</Table.Th>
                        <Table.Th>{t('documents.projects.description')}</Table.Th>
                        <Table.Th>{t('documents.projects.country')}</Table.Th>
                        <Table.Th>{t('documents.projects.manager')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {projects.data.map((project) => (
                        <Table.Tr key={project.id}>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={`/documents/${project.id}`}
                              fw={600}
                              aria-label={t('documents.projects.open', { number: project.installationNumber })}
                            >
                              {project.installationNumber}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{project.description}</Table.Td>
                          <Table.Td>{project.country ?? ''}</Table.Td>
                          <Table.Td>{project.projectManager.name ?? ''}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ) : null}
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
