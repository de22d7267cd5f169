import { ActionIcon, Group, NavLink, Text, Tooltip } from '@mantine/core';
import type { FolderView } from '@rope/domain/folders/views';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FolderNode } from '../folder-tree';

interface FolderTreeNavProps {
  nodes: readonly FolderNode[];
  selectedId: number | null;
  /** Ids from the root to the selected folder: their branches stay open. */
  openIds: ReadonlySet<number>;
  editing: boolean;
  onAdd: (parentId: number) => void;
  onEdit: (folder: FolderView) => void;
  onDelete: (folder: FolderView) => void;
}

/** The folder tree: each folder a link to /general-documents/{id}; with the edit toggle on, its own buttons. */
export function FolderTreeNav(props: FolderTreeNavProps) {
  const { nodes, selectedId, openIds, editing, onAdd, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return nodes.map(({ folder, children }) => (
    <div key={folder.id}>
      <Group gap={0} wrap="nowrap" align="flex-start">
        <NavLink
          component={Link}
          to={`/general-documents/${folder.id}`}
          label={folder.displayName}
          description={
            // Its own colour: the active link's tint leaves Mantine's description below 4.5:1.
            <Text span size="xs" c="gray.8">
              {t('documents.widget.count', { count: folder.documentCount })}
            </Text>
          }
          active={folder.id === selectedId}
          aria-current={folder.id === selectedId ? 'page' : undefined}
          opened={openIds.has(folder.id) || folder.id === selectedId}
          childrenOffset={16}
          style={{ flex: 1 }}
        />
        {editing ? (
          <Group gap={2} wrap="nowrap" py={6}>
            <FolderButton
              label={`${t('documents.general.addSubFolder')}: ${folder.displayName}`}
              onClick={() => onAdd(folder.id)}
            >
              +
            </FolderButton>
            <FolderButton
              label={`${t('documents.general.editFolder')}: ${folder.displayName}`}
              onClick={() => onEdit(folder)}
            >
              ✎
            </FolderButton>
            <FolderButton
              label={`${t('documents.general.deleteFolder')}: ${folder.displayName}`}
              onClick={() => onDelete(folder)}
              color="red"
            >
              ×
            </FolderButton>
          </Group>
        ) : null}
      </Group>
      {children.length > 0 && (openIds.has(folder.id) || folder.id === selectedId || editing) ? (
        <div style={{ paddingLeft: 16 }}>
          <FolderTreeNav {...props} nodes={children} />
        </div>
      ) : null}
    </div>
  ));
}

function FolderButton({
  label,
  onClick,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  color?: string;
  children: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" size="sm" color={color} aria-label={label} onClick={onClick}>
        <span aria-hidden="true">{children}</span>
      </ActionIcon>
    </Tooltip>
  );
}
