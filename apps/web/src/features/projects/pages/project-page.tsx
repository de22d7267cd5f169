import { Alert, Anchor, Breadcrumbs, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ScreenAlert } from '../../../components/screen-alert';
import { ShowAsPicker, useShowAs } from '../../areas';
import { DocumentsPanel } from '../../documents';
import { useProjects } from '../api';
import { ContactRibbon } from '../components/contact-ribbon';
import { constructorLabel, countryLabel, facilityTypeLabel } from '../project-labels';

/**
 * /documents/:projectId[/:documentId] and /documents/:projectId/:folder/:documentId: a project of the external
 * system with its contact-manager ribbon and documents; a deep link opens its document in the viewer.
 */
export function ProjectPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const projectId = parseId(params.projectId);
  const documentId = params.documentId === undefined ? null : parseId(params.documentId);
  const { allowed, showAs, choose } = useShowAs();
  const projects = useProjects(showAs);
  if (projects.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const project = projects.data?.find((candidate) => candidate.id === projectId);
  if (!project) {
    return (
      <ScreenAlert
        title={projects.isError ? t('app.error.title') : t('shell.notFound.title')}
        color={projects.isError ? 'red' : 'yellow'}
      >
        {projects.isError ? t('documents.projects.loadError') : t('documents.projects.notFound')}
      </ScreenAlert>
    );
  }
  const facts: [string, string | null][] = [
    [t('documents.projects.country'), countryLabel(i18n.resolvedLanguage ?? i18n.language, project.country)],
    [t('documents.projects.facilityType'), facilityTypeLabel(t, project.facilityType)],
    [t('documents.projects.branch'), constructorLabel(t, project.facilityConstructorBranch)],
    [t('documents.projects.facilityNumber'), project.facilityNumber],
  ];
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/documents">
          {t('documents.projects.allDocuments')}
        </Anchor>
        <Text>{project.installationNumber}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Stack gap={0}>
          <Title order={1}>{project.installationNumber}</Title>
          <Text c="dimmed">{project.description}</Text>
        </Stack>
        {allowed ? <ShowAsPicker value={showAs} onChange={choose} /> : null}
      </Group>
      <ContactRibbon manager={project.projectManager} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {facts.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value || '–'}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      {project.installations.length > 0 ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('documents.projects.installations')}:
          </Text>
          {project.installations.map((installation) => (
            <Anchor
              key={installation.id}
              component={Link}
              size="sm"
              to={`/areas/${installation.areaId}/installations/${installation.id}`}
            >
              {installation.name}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {projects.isError ? <Alert color="red">{t('documents.projects.loadError')}</Alert> : null}
      <DocumentsPanel
        source={{ kind: 'project', installationNumber: project.installationNumber }}
        title={t('documents.projects.documentsOf', { number: project.installationNumber })}
        order={2}
        writable={false}
        showAs={showAs}
        openDocumentId={documentId}
        onViewerClosed={() => {
          if (documentId !== null) navigate(`/documents/${project.id}`, { replace: true });
        }}
      />
    </Stack>
  );
}
