import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MrtCandidateView } from '@rope/domain/mrt/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MrtCandidateBadge } from '../../../components/status-badge';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { useDecideCandidate } from '../api';

interface MrtCandidatesTableProps {
  ropeId: number;
  eventId: number;
  candidates: readonly MrtCandidateView[];
  editable: boolean;
  onShow: (position: number) => void;
}

/** The candidates over the threshold: where, how high, what was decided; confirm with the broken wires, or dismiss. */
export function MrtCandidatesTable({ ropeId, eventId, candidates, editable, onShow }: MrtCandidatesTableProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const decide = useDecideCandidate(ropeId, eventId);
  const [wires, setWires] = useState<Record<number, number>>({});
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: failureText(t, error, t('events.mrt.tryLater')),
      closeButtonProps: { 'aria-label': t('common.actions.close') },
    });
  const confirm = (candidate: MrtCandidateView) =>
    decide.mutate(
      { index: candidate.index, decision: 'confirm', damageCount: wires[candidate.index] ?? 1 },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            closeButtonProps: { 'aria-label': t('common.actions.close') },
            message: t('events.mrt.confirmed', { position: fmt.position(candidate.position) }),
          }),
        onError: failed,
      },
    );
  const dismiss = (candidate: MrtCandidateView) =>
    decide.mutate({ index: candidate.index, decision: 'dismiss' }, { onError: failed });

  if (candidates.length === 0) return <Text c="dimmed">{t('events.mrt.noCandidates')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640} mah={320}>
      <Table striped highlightOnHover aria-label={t('events.mrt.candidates')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.fields.position')}</Table.Th>
            <Table.Th>{t('events.mrt.amplitude')}</Table.Th>
            <Table.Th>{t('common.fields.status')}</Table.Th>
            {editable ? <Table.Th>{t('events.fields.damageCount')}</Table.Th> : null}
            <Table.Th>{t('common.fields.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((candidate) => {
            const open = candidate.status !== 'confirmed';
            return (
              <Table.Tr key={candidate.index} data-candidate={candidate.index}>
                <Table.Td>{fmt.position(candidate.position)}</Table.Td>
                <Table.Td>{fmt.number(candidate.amplitude, 2)}</Table.Td>
                <Table.Td>
                  <MrtCandidateBadge status={candidate.status}>
                    {t(`events.mrt.status.${candidate.status}`)}
                  </MrtCandidateBadge>
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    {open ? (
                      <NumberInput
                        size="xs"
                        w={90}
                        min={0}
                        max={999_999}
                        allowDecimal={false}
                        aria-label={t('events.mrt.wiresOf', { position: fmt.position(candidate.position) })}
                        value={wires[candidate.index] ?? 1}
                        onChange={(value) =>
                          setWires((all) => ({ ...all, [candidate.index]: typeof value === 'number' ? value : 1 }))
                        }
                      />
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => onShow(candidate.position)}>
                      {t('events.mrt.look')}
                    </Button>
                    {editable && open ? (
                      <>
                        <Button
                          size="compact-sm"
                          color="red"
                          loading={decide.isPending}
                          onClick={() => confirm(candidate)}
                        >
                          {t('events.mrt.confirm')}
                        </Button>
                        {candidate.status === 'open' ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            loading={decide.isPending}
                            onClick={() => dismiss(candidate)}
                          >
                            {t('events.mrt.dismiss')}
                          </Button>
                        ) : null}
                      </>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
